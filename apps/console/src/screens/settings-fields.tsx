// Issue 26 item 3 (Projects and settings): the pieces of the settings screen — the badge that says where a setting
// comes from, products, one editor per setting kind
// (settings-draft.ts SETTING_FIELDS), and the OAuth providers with their callback URL to copy. A member whose source
// is the project file or the environment is shown with its badge and no control: start-up would undo an edit.
import { PRODUCTS } from '@gatehouse/protocol';
import { useId, useState } from 'react';
import type { ProjectDetail, SettingSource } from '../admin-types';
import { STRINGS } from '../strings';
import { editableSource, parsedSetting, type SettingField } from './settings-draft';

const S = STRINGS.settings;

export function SourceBadge({ source }: { source: SettingSource | undefined }) {
  if (source === undefined) return null;
  const label = S.sources[source] ?? source;
  return (
    <span className="badge badge-muted source-badge" data-source={source} title={S.sourceLabel(label)}>
      <span className="visually-hidden">{S.sourceLabel('')}</span>
      {label}
    </span>
  );
}

/** A value as the diff and the read-only views show it. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return S.notSet;
  if (value === true) return S.on;
  if (value === false) return S.off;
  if (Array.isArray(value)) return value.length === 0 ? S.none : value.join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('enabled' in record && Object.keys(record).length <= 2) return record.enabled ? S.on : S.off;
    return JSON.stringify(value);
  }
  return String(value);
}

export function ProductsEditor({
  draft,
  source,
  editable,
  onChange,
}: {
  draft: readonly string[];
  source: SettingSource | undefined;
  editable: boolean;
  onChange(next: string[]): void;
}) {
  const ids = useId();
  const canEdit = editable && editableSource(source);
  return (
    <section className="panel settings-section" aria-labelledby={`${ids}-heading`}>
      <div className="panel-header">
        <h2 id={`${ids}-heading`}>{S.sections.products}</h2>
        <SourceBadge source={source} />
      </div>
      <ul className="settings-checks">
        {PRODUCTS.map((product) => (
          <li key={product} className="field-inline">
            <input
              id={`${ids}-${product}`}
              type="checkbox"
              checked={draft.includes(product)}
              disabled={!canEdit}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? PRODUCTS.filter((each) => each === product || draft.includes(each))
                    : draft.filter((each) => each !== product),
                )
              }
            />
            <label htmlFor={`${ids}-${product}`}>{S.products[product] ?? product}</label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One setting: its label, source badge, and a control for its kind (or its value when it cannot change here). */
export function SettingEditor({
  field,
  value,
  project,
  source,
  editable,
  onChange,
}: {
  field: SettingField;
  value: unknown;
  project: ProjectDetail;
  source: SettingSource | undefined;
  editable: boolean;
  onChange(next: unknown): void;
}) {
  const id = useId();
  const label = S.labels[field.key] ?? field.key;
  const canEdit = editable && editableSource(source) && field.kind.type !== 'readonly';
  const badge = <SourceBadge source={source} />;

  if (!canEdit) {
    const shown =
      field.key === 'password_migration_secret'
        ? project.settings.password_migration_secret_set
          ? S.set
          : S.notSet
        : shownValue(field.kind.type === 'luds' && value === null ? null : value);
    return (
      <div className="setting-row" data-setting={field.key}>
        <span className="setting-label">{label}</span> {badge}
        <span className="setting-value">{shown}</span>
      </div>
    );
  }

  switch (field.kind.type) {
    case 'boolean':
    case 'captcha': {
      const checked =
        field.kind.type === 'captcha' ? Boolean((value as { enabled?: boolean })?.enabled) : value === true;
      return (
        <div className="setting-row field-inline" data-setting={field.key}>
          <input
            id={id}
            type="checkbox"
            checked={checked}
            onChange={(event) => {
              if (field.kind.type !== 'captcha') return onChange(event.target.checked);
              // The server's own site key (it is informative: the captcha is self-hosted, infra/captcha.ts).
              const siteKey =
                (project.settings.captcha_settings as { siteKey?: string } | undefined)?.siteKey ??
                (project.setting_defaults.captcha_settings as { siteKey?: string } | undefined)?.siteKey ??
                'altcha';
              onChange(event.target.checked ? { enabled: true, siteKey } : { enabled: false });
            }}
          />
          <label htmlFor={id}>{label}</label> {badge}
        </div>
      );
    }
    case 'integer': {
      const { min, max, nullable } = field.kind;
      const invalid = 'problem' in parsedSetting(field, value);
      const fallback = project.setting_defaults[field.key];
      return (
        <div className="setting-row" data-setting={field.key}>
          <label htmlFor={id}>
            {label} {badge}
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={value === null || value === undefined ? '' : String(value)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${id}-hint`} className="hint">
            {invalid ? S.wholeNumber : `${min}–${max}`}
            {nullable && fallback !== undefined ? ` · ${S.defaultValue(shownValue(fallback))}` : ''}
          </p>
        </div>
      );
    }
    case 'text':
      return (
        <div className="setting-row" data-setting={field.key}>
          <label htmlFor={id}>
            {label} {badge}
          </label>
          <input
            id={id}
            type="text"
            className="setting-wide"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) =>
              onChange(event.target.value.trim() === '' ? null : event.target.value.trim())
            }
          />
        </div>
      );
    case 'list': {
      const { upperCase, nullable } = field.kind;
      return (
        <div className="setting-row" data-setting={field.key}>
          <label htmlFor={id}>
            {label} {badge}
          </label>
          <input
            id={id}
            type="text"
            className="setting-wide"
            defaultValue={Array.isArray(value) ? value.join(', ') : ''}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const items = event.target.value
                .split(/[\s,]+/)
                .filter((item) => item !== '')
                .map((item) => (upperCase ? item.toUpperCase() : item));
              onChange(items.length === 0 && nullable ? null : items);
            }}
          />
          <p id={`${id}-hint`} className="hint">
            {S.listHint}
          </p>
        </div>
      );
    }
    case 'luds': {
      const rules = value as { luds_complexity: number; luds_minimum_count: number } | null;
      return (
        <fieldset className="setting-row" data-setting={field.key}>
          <legend>
            {label} {badge}
          </legend>
          <div className="field-inline">
            <input
              id={id}
              type="checkbox"
              checked={rules !== null}
              aria-describedby={`${id}-hint`}
              onChange={(event) =>
                onChange(event.target.checked ? { luds_complexity: 3, luds_minimum_count: 8 } : null)
              }
            />
            <label htmlFor={id}>{S.lengthRules}</label>
          </div>
          <p id={`${id}-hint`} className="hint">
            {S.lengthRulesHint}
          </p>
          {rules === null ? null : (
            <div className="button-row wrap">
              {(['luds_complexity', 'luds_minimum_count'] as const).map((member) => (
                <div key={member}>
                  <label htmlFor={`${id}-${member}`}>{S.labels[member]}</label>
                  <input
                    id={`${id}-${member}`}
                    type="number"
                    min={0}
                    max={member === 'luds_complexity' ? 4 : 64}
                    value={rules[member]}
                    onChange={(event) => onChange({ ...rules, [member]: Number(event.target.value) })}
                  />
                </div>
              ))}
            </div>
          )}
        </fieldset>
      );
    }
    default:
      return null;
  }
}

export function OAuthProviders({ project }: { project: ProjectDetail }) {
  const ids = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const source = project.setting_sources.oauth_providers;

  async function copy(provider: string, url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(S.copied(provider));
    } catch {
      setCopied(S.copyFailed);
    }
  }

  return (
    <section className="panel settings-section" aria-labelledby={`${ids}-heading`}>
      <div className="panel-header">
        <h2 id={`${ids}-heading`}>{S.sections.oauth}</h2>
        <SourceBadge source={source} />
      </div>
      {project.oauth_providers.length === 0 ? (
        <p className="muted" data-state="empty">
          {S.oauthEmpty}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="oauth-providers">
            <caption className="visually-hidden">{S.oauthCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{S.provider}</th>
                <th scope="col">{S.clientId}</th>
                <th scope="col">{S.callbackUrl}</th>
              </tr>
            </thead>
            <tbody>
              {project.oauth_providers.map((provider) => (
                <tr key={provider.provider}>
                  <th scope="row">{provider.provider}</th>
                  <td>
                    <code>{provider.client_id}</code>
                  </td>
                  <td>
                    <code>{provider.callback_url}</code>{' '}
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={S.copyLabel(provider.provider)}
                      onClick={() => void copy(provider.provider, provider.callback_url)}
                    >
                      {S.copy}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className="status-line">
        {copied ?? ''}
      </p>
    </section>
  );
}
