// Issue 26 item 3 (Users): the filter form — the search box across identifiers, status, blocked, sign-in method,
// verified, created and last sign-in ranges, and a metadata `key=value` on trusted or untrusted metadata. The fields
// are a draft; Search writes them into the URL (search-params.ts), which the list reads.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { USER_METHODS } from '../admin-types';
import type { UsersSearch } from '../search-params';
import { STRINGS } from '../strings';

/** The parts of the URL state the form edits (not the order, columns or page). */
const FILTER_KEYS = [
  'q',
  'status',
  'blocked',
  'method',
  'verified',
  'created_after',
  'created_before',
  'signed_in_after',
  'signed_in_before',
  'meta',
  'meta_kind',
] as const satisfies ReadonlyArray<keyof UsersSearch>;

export function isFiltered(search: UsersSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

function SelectField({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value ?? ''} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function UserFilters({
  search,
  onApply,
  onClear,
}: {
  search: UsersSearch;
  /** The new filters; the caller keeps the order and columns and drops the page. */
  onApply(filters: UsersSearch): void;
  onClear(): void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<UsersSearch>(search);
  const [metaError, setMetaError] = useState(false);
  // Back/Forward (or a link) changes the URL: the fields follow it.
  useEffect(() => setDraft(search), [search]);
  const set = (field: keyof UsersSearch, value: string) =>
    setDraft((previous) => ({ ...previous, [field]: value === '' ? undefined : value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const meta = draft.meta?.trim();
    if (meta !== undefined && meta !== '' && !/^[^=]{1,200}=/.test(meta)) {
      setMetaError(true);
      return;
    }
    setMetaError(false);
    const filters: UsersSearch = {};
    for (const key of FILTER_KEYS) {
      const value = draft[key];
      if (value !== undefined) Object.assign(filters, { [key]: value });
    }
    // A kind without a key=value filters nothing.
    if (filters.meta === undefined) delete filters.meta_kind;
    onApply(filters);
  };
  const text = STRINGS.users;
  const more = STRINGS.userList;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to happy-dom); the role is the same landmark.
    <form className="filters" role="search" aria-label={text.searchLabel} onSubmit={submit}>
      <div className="field field-grow">
        <label htmlFor={`${ids}-q`}>{text.searchLabel}</label>
        <input
          id={`${ids}-q`}
          type="search"
          value={draft.q ?? ''}
          onChange={(event) => set('q', event.target.value)}
          aria-describedby={`${ids}-q-hint`}
          maxLength={200}
        />
        <p id={`${ids}-q-hint`} className="hint">
          {text.searchHint}
        </p>
      </div>
      <SelectField
        id={`${ids}-status`}
        label={text.status}
        value={draft.status}
        onChange={(value) => set('status', value)}
        options={[
          ['', text.statusAny],
          ['active', text.statusActive],
          ['pending', text.statusPending],
        ]}
      />
      <SelectField
        id={`${ids}-blocked`}
        label={text.blocked}
        value={draft.blocked}
        onChange={(value) => set('blocked', value)}
        options={[
          ['', text.blockedAny],
          ['yes', text.blockedOnly],
          ['no', text.notBlocked],
        ]}
      />
      <SelectField
        id={`${ids}-method`}
        label={more.method}
        value={draft.method}
        onChange={(value) => set('method', value)}
        options={[
          ['', more.methodAny],
          ...USER_METHODS.map((method) => [method, more.methods[method]!] as const),
        ]}
      />
      <SelectField
        id={`${ids}-verified`}
        label={more.verified}
        value={draft.verified}
        onChange={(value) => set('verified', value)}
        options={[
          ['', more.verifiedAny],
          ['yes', more.verifiedYes],
          ['no', more.verifiedNo],
        ]}
      />
      <DateField
        id={`${ids}-after`}
        label={text.createdAfter}
        value={draft.created_after}
        onChange={(value) => set('created_after', value)}
      />
      <DateField
        id={`${ids}-before`}
        label={text.createdBefore}
        value={draft.created_before}
        onChange={(value) => set('created_before', value)}
      />
      <DateField
        id={`${ids}-signed-after`}
        label={more.signedInAfter}
        value={draft.signed_in_after}
        onChange={(value) => set('signed_in_after', value)}
      />
      <DateField
        id={`${ids}-signed-before`}
        label={more.signedInBefore}
        value={draft.signed_in_before}
        onChange={(value) => set('signed_in_before', value)}
      />
      <SelectField
        id={`${ids}-meta-kind`}
        label={more.metadataKind}
        value={draft.meta_kind ?? 'trusted'}
        onChange={(value) => set('meta_kind', value === 'trusted' ? '' : value)}
        options={[
          ['trusted', more.metadataTrusted],
          ['untrusted', more.metadataUntrusted],
        ]}
      />
      <div className="field">
        <label htmlFor={`${ids}-meta`}>{more.metadataFilter}</label>
        <input
          id={`${ids}-meta`}
          type="text"
          value={draft.meta ?? ''}
          maxLength={1000}
          spellCheck={false}
          aria-invalid={metaError ? true : undefined}
          aria-describedby={`${ids}-meta-hint${metaError ? ` ${ids}-meta-error` : ''}`}
          onChange={(event) => {
            set('meta', event.target.value);
            setMetaError(false);
          }}
        />
        <p id={`${ids}-meta-hint`} className="hint">
          {more.metadataHint}
        </p>
        {metaError ? (
          <p id={`${ids}-meta-error`} className="error">
            {more.metadataBad}
          </p>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {text.search}
        </button>
        {isFiltered(search) ? (
          <button type="button" className="button button-secondary" onClick={onClear}>
            {text.clear}
          </button>
        ) : null}
      </div>
    </form>
  );
}
