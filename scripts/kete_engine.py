"""kete as a child process, for the measuring scripts (time-to-depth.py,
proof-load-latency.py): send a line, read up to a line, and the CPU time it has used."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KETE = os.environ.get('KETE', os.path.join(ROOT, 'build', 'release', 'kete'))


class Engine:
    def __init__(self, path=KETE):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def send(self, line):
        self.process.stdin.write(line + '\n')
        self.process.stdin.flush()

    def until(self, prefix, keep=None):
        """Reads up to the first line starting with `prefix` and returns it; a line starting
        with `keep` on the way is kept, the last one is returned as the second value."""
        kept = ''
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f'kete ended before a line "{prefix}"')
            if keep and line.startswith(keep):
                kept = line
            if line.startswith(prefix):
                return (line, kept) if keep else line

    def cpu_seconds(self):
        """User and system time of the engine so far (all its threads), from /proc."""
        with open(f'/proc/{self.process.pid}/stat') as f:
            fields = f.read().rsplit(')', 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')

    def quit(self):
        self.send('quit')
        self.process.wait()
