"""A one-node Slurm cluster on localhost for the cluster test, from Debian's slurmctld, slurmd
and munge, with everything in one temporary folder.

The folder holds a fresh munge key, munged's socket, seed, pid and log, slurm.conf (the
controller and the one node on 127.0.0.1, the node's CPUs as this machine has them, free TCP
ports, state, spool, pid and log files in the folder), and nothing outside it is written: the
packages' own /etc/munge and /etc/slurm stay as installed, no service is started or enabled.
The clients find the cluster through SLURM_CONF (`env`).

The three daemons run in the foreground as this process's children, each told by the kernel to
stop when this process dies (PR_SET_PDEATHSIG, even by SIGKILL), and `stop()` (also registered
with atexit, and run on SIGTERM and SIGHUP, which then end the run as Ctrl-C does) cancels the
cluster's jobs and stops them, so that they are gone at the end whatever happens. Running them needs root (slurmd starts jobs as their user).
"""

import atexit
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

DAEMONS = ("munged", "slurmctld", "slurmd")
CLIENTS = ("sbatch", "scontrol", "scancel", "squeue", "sinfo")
# How long the daemons may take to come up, and to go away, on a busy machine.
START_TIMEOUT_S = 60
STOP_TIMEOUT_S = 20


def why_not_runnable():
    """None if this machine can run the cluster, else why not (the test says so and skips)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "the Slurm daemons need root (slurmd starts jobs as their user); not root here"
    missing = [name for name in DAEMONS + CLIENTS if not shutil.which(name)]
    if missing:
        return ("Slurm is not installed (missing " + ", ".join(missing) + "): "
                "`make cluster-tools` installs Debian's slurmctld, slurmd, slurm-client, munge")
    return None


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent():
    """In the child, before exec: SIGTERM when the test process dies, however it dies."""
    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_PDEATHSIG = 1
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class SlurmCluster:
    def __init__(self):
        self.folder = None
        self.processes = []  # (name, Popen), in start order
        self.stopped = False

    @property
    def env(self):
        return dict(os.environ, SLURM_CONF=str(self.folder / "slurm.conf"))

    def path(self, name):
        return self.folder / name

    def start(self):
        atexit.register(self.stop)
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, self._on_signal)
        self.folder = Path(tempfile.mkdtemp(prefix="feel-slurm-"))
        # munged refuses a socket in a folder that not everyone can traverse.
        self.folder.chmod(0o711)
        for sub in ("munge", "state", "spool", "log"):
            self.path(sub).mkdir()
        self.path("munge").chmod(0o711)
        key = self.path("munge/munge.key")
        key.touch(mode=0o600)
        key.write_bytes(os.urandom(1024))
        socket_path = self.path("munge/munge.socket")
        self._spawn("munged", [
            "munged", "--foreground", f"--socket={socket_path}", f"--key-file={key}",
            f"--pid-file={self.path('munge/munged.pid')}",
            f"--log-file={self.path('log/munged.log')}",
            f"--seed-file={self.path('munge/munged.seed')}"])
        self._wait(lambda: socket_path.exists(), "munged's socket")
        self.path("slurm.conf").write_text(self.configuration(socket_path))
        conf = str(self.path("slurm.conf"))
        self._spawn("slurmctld", ["slurmctld", "-D", "-f", conf])
        self._wait(lambda: self._quiet(["scontrol", "ping"]).find("is UP") >= 0,
                   "slurmctld answering `scontrol ping`")
        self._spawn("slurmd", ["slurmd", "-D", "-N", "localhost", "-f", conf])
        self._wait(lambda: self._quiet(["sinfo", "-h", "-o", "%T"]).strip() == "idle",
                   "the node idle in sinfo")
        return self

    def configuration(self, munge_socket):
        state = self.folder
        return "\n".join([
            "# A one-node cluster on localhost for FeelLab's cluster test (Tests/Contract/Cluster).",
            "ClusterName=feellab-test",
            "SlurmctldHost=localhost",
            f"SlurmctldPort={free_port()}",
            f"SlurmdPort={free_port()}",
            # Bind to the node's and the controller's address (127.0.0.1), not every interface.
            "CommunicationParameters=NoInAddrAny,NoCtldInAddrAny",
            "SlurmUser=root",
            "SlurmdUser=root",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            f"AuthInfo=socket={munge_socket}",
            f"StateSaveLocation={state}/state",
            f"SlurmdSpoolDir={state}/spool",
            f"SlurmctldPidFile={state}/slurmctld.pid",
            f"SlurmdPidFile={state}/slurmd.pid",
            f"SlurmctldLogFile={state}/log/slurmctld.log",
            f"SlurmdLogFile={state}/log/slurmd.log",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "MpiDefault=none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "SchedulerType=sched/builtin",
            # Schedule a job as soon as it is submitted or its dependency is met (the default
            # waits up to 3 s to gather submissions).
            "SchedulerParameters=batch_sched_delay=0",
            "ReturnToService=2",
            f"NodeName=localhost NodeAddr=127.0.0.1 CPUs={os.cpu_count()} State=UNKNOWN",
            "PartitionName=feel Nodes=localhost Default=YES MaxTime=INFINITE State=UP",
            "",
        ])

    def logs(self, lines=40):
        """The end of each daemon's log, for a failure's message."""
        out = []
        for path in sorted(self.path("log").glob("*.log")):
            tail = path.read_text(errors="replace").splitlines()[-lines:]
            out.append(f"--- {path.name}\n" + "\n".join(tail))
        return "\n".join(out)

    def stop(self):
        if self.stopped or self.folder is None:
            return
        self.stopped = True
        if any(name == "slurmctld" and p.poll() is None for name, p in self.processes):
            # This cluster's jobs only: the clients talk to this controller.
            self._quiet(["scancel", "--user", "root"])
            deadline = time.monotonic() + STOP_TIMEOUT_S
            while time.monotonic() < deadline and self._quiet(["squeue", "-h"]).strip():
                time.sleep(0.2)
        for name, process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=STOP_TIMEOUT_S)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _on_signal(self, signum, frame):
        """SIGTERM or SIGHUP: the daemons stopped, then the run ended as by Ctrl-C (unittest
        lets KeyboardInterrupt through; the temporary folders go at exit)."""
        self.stop()
        raise KeyboardInterrupt(f"signal {signum}")

    def _spawn(self, name, args):
        log = open(self.path(f"log/{name}.out"), "wb")
        process = subprocess.Popen(args, env=self.env, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        log.close()
        self.processes.append((name, process))

    def _quiet(self, args):
        try:
            return subprocess.run(args, env=self.env, stdin=subprocess.DEVNULL,
                                  capture_output=True, text=True, timeout=30).stdout
        except subprocess.TimeoutExpired:
            return ""

    def _wait(self, ready, what):
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            for name, process in self.processes:
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited with status {process.returncode} "
                                       f"while waiting for {what}\n{self._outputs()}")
            if ready():
                return
            time.sleep(0.1)
        raise RuntimeError(f"timed out after {START_TIMEOUT_S} s waiting for {what}\n"
                           f"{self._outputs()}")

    def _outputs(self):
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}"
            for p in sorted(self.path("log").glob("*")))
