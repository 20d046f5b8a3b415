// CSV as spreadsheets read it: RFC 4180 (CRLF rows, quotes doubled), UTF-8 with a byte-order mark
// so Excel does not guess another encoding, and formulas neutralised (OWASP "CSV Injection").

/** The UTF-8 byte-order mark: without it, Excel on Windows reads the file as its local code page. */
export const UTF8_BOM = "\uFEFF";

// A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets; visitors
// type whatever they like into the forms, so "=HYPERLINK(…)" in a name must stay text.
const FORMULA_START = /^[=+\-@\t\r]/;
// Where the list separator is ";" (much of Europe and Latin America), a spreadsheet splits an
// unquoted cell at each ";", and "thanks;=HYPERLINK(…)" becomes a cell that starts a formula. A
// separator followed (after spaces) by a formula character is treated like a formula start.
const FORMULA_AFTER_SEPARATOR = /[;,]\s*[=+\-@\t\r]/;

/**
 * One cell: neutralised with a leading apostrophe if it could run as a formula, here or after a
 * separator; quoted if RFC 4180 needs it, and always when a separator comes before a formula
 * character, so that a semicolon locale keeps the cell whole.
 */
// Most cells (an id, a date, a phone number, a name) need none of that: one test lets them through.
const PLAIN_CELL = /^(?:[^=+\-@\t\r][^",;\r\n]*)?$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (PLAIN_CELL.test(text)) return text;
  const formulaAfterSeparator = FORMULA_AFTER_SEPARATOR.test(text);
  if (FORMULA_START.test(text) || formulaAfterSeparator) text = `'${text}`;
  return formulaAfterSeparator || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV body that is written while it is read: the header, then each batch of rows as the
 * consumer asks for more (`pull`), so no more than one batch is ever in memory.
 */
export function csvStream<Row>(
  header: readonly string[],
  batches: AsyncIterator<Row[]>,
  toCells: (row: Row) => readonly (string | number | null | undefined)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(header)));
      },
      async pull(controller) {
        try {
          const next = await batches.next();
          if (next.done) {
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(next.value.map((row) => csvRow(toCells(row))).join("")));
        } catch (error) {
          // The status line has gone out already: all that is left is to cut the download short,
          // which the browser reports as a failed download rather than a complete file.
          console.error("CSV export failed while streaming", error);
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return?.();
      },
    },
    // One batch at a time: the next is read from D1 only once the last has been taken.
    { highWaterMark: 0 },
  );
}
