// Issue 25 item 3: "CSV and NDJSON export" of the event log. CSV by RFC 4180 (a header row, CRLF line ends, a field
// quoted when it holds a comma, a quote, CR or LF, quotes doubled) and neutralised against formula injection: a
// spreadsheet runs a cell that starts with = + - @ (or a tab or CR, which some strip first) as a formula, and a user
// agent or a payload string is the caller's text, so such a cell gets a leading ' (OWASP "CSV Injection"). The
// payload is one column of JSON text. NDJSON is one JSON event per line, exactly the list API's item.
import type { EventRecord } from './record-event';

export type EventExportFormat = 'csv' | 'ndjson';

export const EVENT_CSV_COLUMNS = [
  'id',
  'seq',
  'occurred_at',
  'type',
  'actor_type',
  'actor_id',
  'subject_user_id',
  'ip_address',
  'user_agent',
  'request_id',
  'payload',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: formula-guarded, then quoted when RFC 4180 needs it. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(fields: ReadonlyArray<string | number | null>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

export function eventCsvHeader(): string {
  return csvRow(EVENT_CSV_COLUMNS);
}

export function eventCsvRow(event: EventRecord): string {
  return csvRow([
    event.id,
    event.seq,
    event.occurred_at,
    event.type,
    event.actor.type,
    event.actor.id,
    event.subject_user_id,
    event.ip_address,
    event.user_agent,
    event.request_id,
    JSON.stringify(event.payload),
  ]);
}

export function eventNdjsonLine(event: EventRecord): string {
  return `${JSON.stringify(event)}\n`;
}

/** The export's text, a chunk per batch of events (the header first for CSV). */
export async function* exportChunks(
  format: EventExportFormat,
  batches: AsyncIterable<EventRecord[]>,
): AsyncGenerator<string> {
  if (format === 'csv') yield eventCsvHeader();
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield batch.map(format === 'csv' ? eventCsvRow : eventNdjsonLine).join('');
  }
}

export const EXPORT_CONTENT_TYPES: Record<EventExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  ndjson: 'application/x-ndjson; charset=utf-8',
};
