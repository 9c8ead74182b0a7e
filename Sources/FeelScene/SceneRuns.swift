// The SIMD lanes that run a sweep's scenes sixteen at a time: FeelScene's clients (the sweeps,
// their tests) use them through SceneRuns and SceneSimulation, as they use the engine.
@_exported import FeelLanes

/// Watches a scene run frame by frame (`SceneRuns.run`), from frame 1 on (it is made from
/// the simulation before its first frame).
public protocol SceneRunObserver {
  /// A frame the scalar path ran: the simulation after it, and the frame's events.
  mutating func scalarFrame(_ simulation: SceneSimulation, events: [SceneEvent])
  /// A frame a SIMD lane ran: its number, the item's state after it, and whether the animator
  /// still runs. Nothing else happened in it: no contact, no rule (a lane hands back every frame
  /// with an event), and the behaviors are those of the scene's previous frame.
  mutating func laneFrame(_ frame: Int, item: ItemState, running: Bool)
}

/// Runs many scenes, stepping those that qualify sixteen at a time in SIMD lanes (`LaneGroup`),
/// with the same frames, bit for bit, as running each alone with `SceneSimulation.advance()`.
///
/// A scene runs on the scalar path until `SceneSimulation.laneSignature` lets it into a group
/// of its signature, and leaves the group when its lane is rolled back (it came near a
/// boundary: the scalar path runs that frame, with its contacts, time of impact and rules), when
/// it pauses with pause rules to fire, or when it ends. A lane freed by one scene takes the next
/// waiting one at once, whatever frame either is at, so the lanes stay full. Each scene ends
/// once it has run its frames or is at rest (`SceneSimulation.isAtRest`, checked after every
/// frame), as `SceneMeasurement.measureRun` stops; its simulation then goes back to the pool for
/// the next scene.
public enum SceneRuns {
  /// Runs the scenes made by `simulation(0..<count)` (each not yet advanced), each watched
  /// by the observer `observer` makes of it before its first frame (borrowed: a copy would
  /// retain each of its arrays), which hears of every frame in order; returns the observers. `lanes`: false runs every scene on the scalar path (the
  /// same frames, for comparison).
  @inlinable
  public static func run<Observer: SceneRunObserver>(
    count: Int, lanes: Bool, simulation: (Int) -> SceneSimulation,
    observer: (borrowing SceneSimulation) -> Observer
  ) -> [Observer] {
    var pool = SimulationPool()
    return run(
      count: count, lanes: lanes, pool: &pool, start: { $1.insert(simulation($0)) },
      observer: observer)
  }

  /// Runs the scenes `scene(0..<count)` as `run(count:lanes:simulation:observer:)` runs them,
  /// each in a simulation of `pool` restarted for it (`SceneSimulation.restart`) rather than
  /// made anew: a thread running many scenes (a sweep's grid points) keeps one pool.
  @inlinable
  public static func run<Observer: SceneRunObserver>(
    count: Int, lanes: Bool, scene: (Int) -> Scene, options: EngineOptions = .uikit,
    pool: inout SimulationPool, observer: (borrowing SceneSimulation) -> Observer
  ) -> [Observer] {
    run(
      count: count, lanes: lanes, pool: &pool,
      start: { $1.start(scene($0), options: options) }, observer: observer)
  }

  /// `run` with each scene's simulation placed in `pool` by `start(scene, &pool)` (its slot).
  @inlinable
  public static func run<Observer: SceneRunObserver>(
    count: Int, lanes: Bool, pool: inout SimulationPool,
    start: (Int, inout SimulationPool) -> Int, observer: (borrowing SceneSimulation) -> Observer
  ) -> [Observer] {
    var runner = Runner(count: count, lanes: lanes)
    swap(&runner.pool, &pool)
    defer { swap(&runner.pool, &pool) }
    var observers: [Observer] = []
    observers.reserveCapacity(count)
    runner.run(start: start, observer: observer, observers: &observers)
    return observers
  }

  // Inlinable, so that the observer's type is known (and its calls direct) in the module that
  // runs the scenes.
  @usableFromInline struct Runner {
    @usableFromInline let count: Int
    @usableFromInline let lanes: Bool
    /// The simulations, each scene's in `slots[scene]` while it runs.
    @usableFromInline var pool = SimulationPool()
    @usableFromInline var slots: [Int] = []
    /// Each scene's frame count.
    @usableFromInline var frameCounts: [Int] = []
    /// Frames run so far by a scene in a lane (its simulation's own count is stale there).
    @usableFromInline var laneFrames: [Int]
    @usableFromInline var groups: [LaneGroup] = []
    /// Occupied lanes of each group (kept here: reading a group's own count from another
    /// module copies the group).
    @usableFromInline var occupancy: [Int] = []
    @usableFromInline var signatures: [LaneGroup.Signature] = []
    /// For each group, the scene in each lane.
    @usableFromInline var owners: [[Int]] = []
    /// For each group, scenes ready to enter it once a lane is free.
    @usableFromInline var waiting: [[Int]] = []
    @usableFromInline var outcome = LaneGroup.FrameOutcome()
    /// The items of a group's lanes after its latest frame.
    @usableFromInline var items: [ItemState] = []
    /// Scenes handed back by a group, to place after its frame, and whether their frame was
    /// rolled back (the scalar path runs it first).
    @usableFromInline var handedBack: [(scene: Int, rolledBack: Bool)] = []

    @usableFromInline init(count: Int, lanes: Bool) {
      self.count = count
      self.lanes = lanes
      slots.reserveCapacity(count)
      frameCounts.reserveCapacity(count)
      laneFrames = Array(repeating: 0, count: count)
    }

    @inlinable mutating func run<Observer: SceneRunObserver>(
      start: (Int, inout SimulationPool) -> Int, observer: (borrowing SceneSimulation) -> Observer,
      observers: inout [Observer]
    ) {
      var next = 0
      while true {
        // New scenes while no group is full (a full group steps first).
        while next < count && !anyGroupFull {
          slots.append(start(next, &pool))
          pool.inPlace(slots[next]) { sim in
            // The observers measure: they may read `beforeStep`.
            sim.recordsBeforeStep = true
            frameCounts.append(sim.scene.frameCount)
            observers.append(observer(sim))
          }
          place(next, observers: &observers)
          next += 1
        }
        let full = occupancy.indices.first { occupancy[$0] == LaneGroup.width }
        let g: Int
        if let full {
          g = full
        } else if next == count,
          let fullest = occupancy.indices.max(by: { occupancy[$0] < occupancy[$1] }),
          occupancy[fullest] > 0
        {
          g = fullest
        } else if next == count {
          return
        } else {
          continue
        }
        step(g, observers: &observers)
      }
    }

    @inlinable var anyGroupFull: Bool {
      for n in occupancy where n == LaneGroup.width { return true }
      return false
    }

    /// Whether scene `i` is over: out of frames, or at rest after a frame.
    @inlinable mutating func isOver(_ i: Int) -> Bool {
      let frames = frameCounts[i]
      return pool.inPlace(slots[i]) { $0.frame >= frames || ($0.frame > 0 && $0.isAtRest) }
    }

    /// Runs scene `i` on the scalar path until it ends or can enter a group; `scalarFirst`:
    /// it runs one frame on the scalar path before it may (a frame just rolled back).
    @inlinable mutating func place<Observer: SceneRunObserver>(
      _ i: Int, scalarFirst: Bool = false, observers: inout [Observer]
    ) {
      var mayEnter = !scalarFirst
      while true {
        if isOver(i) {
          pool.finish(slots[i])
          return
        }
        if lanes, mayEnter, let signature = pool.inPlace(slots[i], { $0.laneSignature }) {
          let g = group(for: signature)
          if occupancy[g] == LaneGroup.width {
            waiting[g].append(i)
          } else {
            load(i, into: g)
          }
          return
        }
        pool.inPlace(slots[i]) { sim in
          let events = sim.advance()
          observers[i].scalarFrame(sim, events: events)
        }
        mayEnter = true
      }
    }

    @usableFromInline mutating func group(for signature: LaneGroup.Signature) -> Int {
      if let g = signatures.firstIndex(of: signature) { return g }
      groups.append(LaneGroup(signature))
      signatures.append(signature)
      occupancy.append(0)
      owners.append(Array(repeating: -1, count: LaneGroup.width))
      waiting.append([])
      return groups.count - 1
    }

    @usableFromInline mutating func load(_ i: Int, into g: Int) {
      let lane = pool.inPlace(slots[i]) { groups[g].load($0.animator) }
      occupancy[g] += 1
      owners[g][lane] = i
      laneFrames[i] = pool.inPlace(slots[i]) { $0.frame }
    }

    @inlinable mutating func unload(_ g: Int, _ lane: Int) {
      groups[g].unload(lane: lane)
      occupancy[g] -= 1
    }

    /// One frame of group `g`, then what each lane's scene does next.
    @inlinable mutating func step<Observer: SceneRunObserver>(
      _ g: Int, observers: inout [Observer]
    ) {
      groups[g].advanceFrame(&outcome)
      // (A method of `groups[g]` that is not mutating would copy the whole group.)
      groups[g].readItems(into: &items)
      for lane in 0..<LaneGroup.width {
        let i = owners[g][lane]
        if outcome.rolledBack(lane) {
          let frame = laneFrames[i]
          _ = pool.inPlace(slots[i]) {
            $0.resume(from: groups[g], lane: lane, frame: frame, paused: false)
          }
          unload(g, lane)
          handedBack.append((i, true))
          continue
        }
        guard outcome.ran(lane) else { continue }
        laneFrames[i] += 1
        let frame = laneFrames[i]
        if !outcome.paused(lane) {
          observers[i].laneFrame(frame, item: items[lane], running: true)
          if frame >= frameCounts[i] {
            unload(g, lane)
            pool.finish(slots[i])
          }
        } else if pool.inPlace(slots[i], { $0.hasPauseRules }) {
          pool.inPlace(slots[i]) { sim in
            let events = sim.resume(from: groups[g], lane: lane, frame: frame, paused: true)
            observers[i].scalarFrame(sim, events: events)
          }
          unload(g, lane)
          handedBack.append((i, false))
        } else {
          // Paused with no rule to wake it (a scene with a time rule still to fire never
          // enters a lane): at rest.
          observers[i].laneFrame(frame, item: items[lane], running: false)
          unload(g, lane)
          pool.finish(slots[i])
        }
      }
      while occupancy[g] < LaneGroup.width, !waiting[g].isEmpty {
        load(waiting[g].removeFirst(), into: g)
      }
      while !handedBack.isEmpty {
        let (i, rolledBack) = handedBack.removeFirst()
        place(i, scalarFirst: rolledBack, observers: &observers)
      }
    }
  }
}

/// Simulations kept for reuse by the scenes a thread runs one after another (`SceneRuns`): a
/// scene that ends frees its simulation, which the next scene restarts
/// (`SceneSimulation.restart`) instead of making and destroying one of its own.
public struct SimulationPool: Sendable {
  @usableFromInline var simulations: [SceneSimulation] = []
  /// For each slot, the sweep whose scenes its simulation's scene is one of (`start(base:…)`).
  @usableFromInline var sweepOf: [ObjectIdentifier?] = []
  /// Slots of `simulations` whose scene has ended.
  @usableFromInline var free: [Int] = []

  public init() {}

  /// Stands for a family of scenes that differ only in the values a `configure` of
  /// `start(base:sweep:options:configure:)` sets (a sweep's grid points): a slot whose scene is
  /// one of them becomes the next by those values alone.
  public final class Sweep: Sendable {
    public init() {}
  }

  /// A slot running a fresh simulation of `scene` (a free one restarted, or a new one).
  @inlinable public mutating func start(_ scene: Scene, options: EngineOptions) -> Int {
    guard let slot = free.popLast() else {
      simulations.append(SceneSimulation(scene, options: options))
      sweepOf.append(nil)
      return simulations.count - 1
    }
    inPlace(slot) { $0.restart(scene, options: options) }
    sweepOf[slot] = nil
    return slot
  }

  /// A slot running a fresh simulation of a scene of `sweep`: `configure` sets its values in
  /// `base` or, in a free slot whose scene is already one of the sweep's, in that scene where
  /// it stands (no copy of the scene's tables).
  @inlinable public mutating func start(
    base: Scene, sweep: ObjectIdentifier, options: EngineOptions,
    configure: (inout Scene) -> Void
  ) -> Int {
    if let slot = free.last, sweepOf[slot] == sweep {
      free.removeLast()
      inPlace(slot) { $0.restart(options: options, configuring: configure) }
      return slot
    }
    var scene = base
    configure(&scene)
    let slot = start(scene, options: options)
    sweepOf[slot] = sweep
    return slot
  }

  /// A slot holding `simulation`.
  @inlinable public mutating func insert(_ simulation: SceneSimulation) -> Int {
    guard let slot = free.popLast() else {
      simulations.append(simulation)
      sweepOf.append(nil)
      return simulations.count - 1
    }
    simulations[slot] = simulation
    sweepOf[slot] = nil
    return slot
  }

  /// The slot's scene has ended: its simulation may be restarted.
  @inlinable mutating func finish(_ slot: Int) { free.append(slot) }

  /// `body` on the slot's simulation in place. Simulations are only ever reached through
  /// this: an `inout` access is exclusive, so reading a property of it calls the getter on
  /// the array's storage, where a plain read (`simulations[i].isAtRest`, or through a buffer
  /// pointer) copies the whole simulation, retaining each of its arrays, for every call.
  @inlinable mutating func inPlace<R>(_ slot: Int, _ body: (inout SceneSimulation) -> R) -> R {
    simulations.withUnsafeMutableBufferPointer { body(&$0[slot]) }
  }
}
