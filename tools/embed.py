#!/usr/bin/env python3
"""Turns a text file into a C source defining `const char NAME[]` (NUL-terminated) and
`const unsigned long NAME_len`, so the library carries its schemas and never looks for them on disk.
Usage: embed.py INPUT OUTPUT NAME"""
import sys

def main():
    src, dst, name = sys.argv[1:4]
    data = open(src, 'rb').read()
    out = ['/* generated from %s by tools/embed.py; do not edit */' % src.split('/')[-1],
           'const char %s[] = {' % name]
    for i in range(0, len(data), 16):
        # bytes above 127 (UTF-8 in docs/rules.md) cast: char may be signed
        out.append('  ' + ', '.join(str(b) if b < 128 else '(char)%d' % b
                                    for b in data[i:i + 16]) + ',')
    out.append('  0};')
    out.append('const unsigned long %s_len = %d;' % (name, len(data)))
    with open(dst, 'w') as f:
        f.write('\n'.join(out) + '\n')

if __name__ == '__main__':
    main()
