#!/usr/bin/python3
"""Small whole seeds for `make fuzz` (scripts/fuzz.sh), made from the shared corpus' large files.

libFuzzer cuts every seed to -max_len (64 KiB for GPX and TCX, 128 KiB for FIT, 16 KiB for the
analysis): the corpus' TCX files are all larger, so without these the TCX target only ever saw
documents cut off in the middle, and never reached what happens at the end of one (laps' totals,
the activity made); a GPX file cut off is refused before its points reach the analysis. Each seed
keeps the start of its file and enough of its trackpoints or records to fit, and is whole again:

  fuzz-seeds.py gpx OUT_DIR MAX_BYTES FILE...   every <trkpt> after the first N left out (N as large as fits)
  fuzz-seeds.py tcx OUT_DIR MAX_BYTES FILE...   every <Trackpoint> after the first N left out
  fuzz-seeds.py fit OUT_DIR MAX_BYTES FILE...   every record message (mesg 20) after the first N left out, the
                                                 header's data size and both CRCs written again

A file that cannot be shrunk this way (a FIT file it cannot walk) is left out; the run goes on.
"""
import os, re, struct, sys

def xml_seeds(element, suffix):
    """Seeds of XML files: every <element> after the first N left out (N as large as fits)."""
    pattern = re.compile(rb'<(\w+:)?' + element + rb'\b[^>]*?/>\s*|<(\w+:)?' + element + rb'\b.*?</(\w+:)?' + element + rb'>\s*', re.S)
    def seeds(out, limit, files):
        for path in files:
            data = open(path, 'rb').read()
            points = list(pattern.finditer(data))
            if not points:
                continue
            def keep(n):
                index = [0]
                def drop(match):
                    index[0] += 1
                    return match.group(0) if index[0] <= n else b''
                return pattern.sub(drop, data)
            low, high = 0, len(points)
            while low < high:   # the most elements that fit
                middle = (low + high + 1) // 2
                if len(keep(middle)) <= limit: low = middle
                else: high = middle - 1
            seed = keep(low)
            if len(seed) <= limit and seed != data:
                write(out, path, f'{low}{suffix}', seed)
    return seeds

tcx_seeds = xml_seeds(rb'Trackpoint', 'pt')
gpx_seeds = xml_seeds(rb'trkpt', 'pt')

def crc16(data):
    table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    crc = 0
    for byte in data:   # FIT Protocol, "CRC"
        for nibble in (byte & 0xF, byte >> 4):
            tmp = table[crc & 0xF]
            crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ table[nibble]
    return crc

def fit_messages(data):
    """(offset, length, is_record) of every message of the first FIT file in data, or None."""
    size = data[0]
    data_size = struct.unpack_from('<I', data, 4)[0]
    end = size + data_size
    if size not in (12, 14) or data[8:12] != b'.FIT' or end > len(data):
        return None
    definitions, messages, position = {}, [], size
    while position < end:
        header = data[position]
        if header & 0xC0 == 0x40:   # definition
            local = header & 0x0F
            big = data[position + 2] == 1
            global_number = struct.unpack_from('>H' if big else '<H', data, position + 3)[0]
            count = data[position + 5]
            length = 6 + 3 * count
            content = sum(data[position + 6 + 3 * i + 1] for i in range(count))
            if header & 0x20:
                developer = data[position + length]
                content += sum(data[position + length + 1 + 3 * i + 1] for i in range(developer))
                length += 1 + 3 * developer
            definitions[local] = (global_number, content)
            messages.append((position, length, False))
        else:
            local = (header >> 5) & 0x03 if header & 0x80 else header & 0x0F
            if local not in definitions:
                return None
            global_number, content = definitions[local]
            messages.append((position, 1 + content, global_number == 20))
            length = 1 + content
        position += length
    return messages if position == end else None

def fit_seeds(out, limit, files):
    for path in files:
        data = open(path, 'rb').read()
        try:
            messages = fit_messages(data)
        except (IndexError, struct.error):
            messages = None
        if not messages:
            continue
        size = data[0]
        def keep(n):
            body, records = bytearray(), 0
            for offset, length, is_record in messages:
                if is_record:
                    records += 1
                    if records > n: continue
                body += data[offset:offset + length]
            header = bytearray(data[:size])
            struct.pack_into('<I', header, 4, len(body))
            if size == 14:
                struct.pack_into('<H', header, 12, crc16(header[:12]))
            whole = bytes(header) + bytes(body)
            return whole + struct.pack('<H', crc16(whole))
        others = sum(length for _, length, is_record in messages if not is_record)
        if size + others + 2 > limit:
            continue
        record_lengths = [length for _, length, is_record in messages if is_record]
        def size_of(n):   # what keep(n) makes, without making it (and its CRCs)
            return size + others + sum(record_lengths[:n]) + 2
        low, high = 0, len(record_lengths)
        while low < high:
            middle = (low + high + 1) // 2
            if size_of(middle) <= limit: low = middle
            else: high = middle - 1
        seed = keep(low)
        if seed != data:
            write(out, path, f'{low}rec', seed)

def write(out, path, what, seed):
    name, extension = os.path.splitext(os.path.basename(path))
    with open(os.path.join(out, f'{name}.small-{what}{extension}'), 'wb') as f:
        f.write(seed)

if __name__ == '__main__':
    kind, out, limit, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    {'gpx': gpx_seeds, 'tcx': tcx_seeds, 'fit': fit_seeds}[kind](out, limit, [f for f in files if os.path.isfile(f)])
