// Issue 14 item 3: RFC 4180 CSV as spreadsheet tools and the Clerk dashboard write it — a UTF-8 BOM, quoted fields
// holding commas, doubled quotes and line breaks, CRLF or LF line ends. Each record keeps the line it starts on, so
// a refused row is reported where an editor shows it.

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  fields: string[];
}

/** Every record of `text`, header included; throws on an unterminated quoted field (the file is cut short). */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (index < input.length) {
    const char = input[index]!;
    if (quoted) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' && input[index + 1] === '\n') {
      // CRLF: the LF ends the record.
    } else if (char === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (quoted) throw new Error(`A quoted field that starts on line ${recordLine} never ends.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
