#!/usr/bin/python3
"""Writes the runs of ../shared/bench/make-elevation-case.py that runlog's elevation targets are
checked on — every terrain, source and interval (1, 5, 10 s), with and without --jitter, for the
given seeds — into FOLDER, one generator per process (the generator's own code, run as it is
run from the shell), and prints one JSON list of the generator's lines (true gain and loss).

    elevation-matrix.py GENERATOR FOLDER SEED...
"""
import io, json, os, sys
from contextlib import redirect_stdout

def main():
    generator, folder, seeds = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3:]]
    os.makedirs(folder, exist_ok=True)
    code = compile(open(generator, encoding='utf-8').read(), generator, 'exec')
    lines = []
    for seed in seeds:
        for terrain in ('flat', 'rolling', 'hilly'):
            for source in ('baro', 'gps', 'gps-int', 'dem'):
                for interval in ('1', '5', '10'):
                    for jitter in (False, True):
                        name = f'{terrain}-{source}-{interval}s-{"jitter" if jitter else "regular"}-seed{seed}.gpx'
                        argv = [generator, os.path.join(folder, name), '--terrain', terrain, '--source', source,
                                '--interval', interval, '--seed', str(seed)] + (['--jitter'] if jitter else [])
                        out = io.StringIO()
                        sys.argv = argv
                        with redirect_stdout(out):
                            exec(code, {'__name__': '__main__', '__file__': generator})
                        entry = json.loads(out.getvalue())
                        entry['jitter'] = jitter
                        lines.append(entry)
    print(json.dumps(lines))

if __name__ == '__main__':
    main()
