"""Compares a report's xlsx workbook with its CSVs through openpyxl, cell for cell.

Usage: xlsx_cells.py FOLDER BASE. Prints "<sheets>: N mismatches, header frozen" and exits 0 when
the workbook ends with its `report` sheet of facts (a `fact` and a `value` column), and
every cell agrees (text equal, numbers equal as numbers, dates the same day, booleans TRUE/FALSE for
the CSV's true/false), every sheet's header row is frozen, and every sheet prints landscape at a
scale of 73 % or more (8 pt text) with its header row and first column on each page; else prints each
mismatch and exits 1.
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
fitted = True
tables = [name for name in workbook.sheetnames if name != "report"]
if workbook.sheetnames[-1:] != ["report"] or [c.value for c in workbook["report"][1]] != ["fact", "value"]:
    mismatches.append("no report sheet of facts last")
for name in tables:
    sheet = workbook[name]
    frozen = frozen and sheet.freeze_panes == "A2"
    setup = sheet.page_setup
    # Printed at a scale of 73 % or more (8 pt of the 11 pt text), never fitted by the reader.
    scale = int(setup.scale or 100)
    fitted = (fitted and setup.orientation == "landscape" and 73 <= scale <= 100
              and not (sheet.sheet_properties.pageSetUpPr and sheet.sheet_properties.pageSetUpPr.fitToPage)
              and sheet.print_title_rows == "$1:$1" and sheet.print_title_cols == "$A:$A")
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
            if isinstance(value, bool):
                same = text == ("true" if value else "false")
            elif isinstance(value, datetime.datetime):
                same = value.date().isoformat() == text
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                same = text != "" and float(text) == float(value)
            else:
                same = ("" if value is None else str(value)) == text
            if not same:
                mismatches.append(f"{name} {r},{c}: {value!r} for {text!r}")
print(f"{' '.join(tables)}: {len(mismatches)} mismatches, header {'frozen' if frozen else 'NOT frozen'}, "
      f"{'printed at 8 pt or more' if fitted else 'NOT printed at 8 pt or more'}")
for line in mismatches[:20]:
    print(line)
sys.exit(0 if not mismatches and frozen and fitted else 1)
