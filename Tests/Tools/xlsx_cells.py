"""Compares a report's xlsx workbook with its CSVs through openpyxl, cell for cell.

Usage: xlsx_cells.py FOLDER BASE. Prints "<sheets>: N mismatches, header frozen" and exits 0 when
every cell agrees (text equal, numbers equal as numbers, dates the same day) and every sheet's
header row is frozen; else prints each mismatch and exits 1.
"""
import csv
import datetime
import os
import sys

import openpyxl

folder, base = sys.argv[1], sys.argv[2]
workbook = openpyxl.load_workbook(os.path.join(folder, base + ".xlsx"))
mismatches = []
frozen = True
for name in workbook.sheetnames:
    sheet = workbook[name]
    frozen = frozen and sheet.freeze_panes == "A2"
    # A report's sheets are BASE-NAME.csv; a ranking's first sheet is its main CSV, BASE.csv.
    path = os.path.join(folder, f"{base}-{name}.csv")
    if not os.path.exists(path):
        path = os.path.join(folder, f"{base}.csv")
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    if sheet.max_row != len(rows):
        mismatches.append(f"{name}: {sheet.max_row} rows, CSV {len(rows)}")
    for r, row in enumerate(rows, start=1):
        for c, text in enumerate(row, start=1):
            value = sheet.cell(row=r, column=c).value
            if isinstance(value, datetime.datetime):
                same = value.date().isoformat() == text
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                same = text != "" and float(text) == float(value)
            else:
                same = ("" if value is None else str(value)) == text
            if not same:
                mismatches.append(f"{name} {r},{c}: {value!r} for {text!r}")
print(f"{' '.join(workbook.sheetnames)}: {len(mismatches)} mismatches, header {'frozen' if frozen else 'NOT frozen'}")
for line in mismatches[:20]:
    print(line)
sys.exit(0 if not mismatches and frozen else 1)
