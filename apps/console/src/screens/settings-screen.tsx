// Issue 26 item 3 (Projects and settings): products, origins and redirect URLs (with the "would this URL be
// allowed?" checker), OAuth providers with their callback URL to copy, session lifetimes, password policy, second
// factor, captcha and SMS limits. Each shows where it comes from (the server's setting_sources); what the project file
// or the environment sets is read-only. Edits make a draft: the operator reviews the diff (before → after), then
// publishes it (PATCH, recorded as project.updated) or cancels it. "Download as project file" is always there.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ProjectDetail } from '../admin-types';
import { ActionError } from '../components/action-error';
import { RequireScope, useProjectId } from '../components/require-scope';
import { ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { AllowlistEditor } from './settings-allowlist';
import { RedirectUrlChecker } from './settings-checker';
import {
  changesOf,
  type DiffLine,
  type Draft,
  diffOf,
  draftOf,
  draftProblems,
  projectFileName,
  projectFileOf,
  SETTING_FIELDS,
  type SettingsSection,
} from './settings-draft';
import { OAuthProviders, ProductsEditor, SettingEditor, SourceBadge, shownValue } from './settings-fields';

const S = STRINGS.settings;

export function SettingsScreen() {
  useDocumentTitle(S.title);
  return (
    <RequireScope scope="projects:read" title={S.heading}>
      <ProjectSettings />
    </RequireScope>
  );
}

function ProjectSettings() {
  const { api } = useServices();
  const projectId = useProjectId();
  const project = useQuery({
    queryKey: ['project', projectId],
    queryFn: async () => (await api.project(projectId)).project,
  });
  // Outside the editor, which another project re-keys.
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Page title={S.heading} busy={project.isFetching}>
      {project.isPending ? (
        <LoadingState />
      ) : project.isError ? (
        <ErrorState error={project.error} onRetry={() => void project.refetch()} />
      ) : (
        <SettingsEditor
          key={project.data.id}
          project={project.data}
          message={message}
          onMessage={setMessage}
        />
      )}
    </Page>
  );
}

const SECTIONS: ReadonlyArray<{ section: SettingsSection; heading: string }> = [
  { section: 'sessions', heading: S.sections.sessions },
  { section: 'passwords', heading: S.sections.passwords },
  { section: 'secondFactor', heading: S.sections.secondFactor },
  { section: 'captcha', heading: S.sections.captcha },
  { section: 'sms', heading: S.sections.sms },
  { section: 'other', heading: S.sections.other },
];

/** Keyed by the project's id: another project starts a fresh draft, and so does a publish (onSuccess). */
function SettingsEditor({
  project,
  message,
  onMessage: setMessage,
}: {
  project: ProjectDetail;
  message: string | null;
  onMessage(message: string | null): void;
}) {
  const { api } = useServices();
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(project));
  const [reviewing, setReviewing] = useState(false);
  // Bumped when the draft starts afresh (publish, cancel): editors that keep their own text start again too.
  const [generation, setGeneration] = useState(0);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const editable = can('projects:write') && !project.from_project_file;
  const diff = diffOf(project, draft);
  const problems = draftProblems(draft);
  const sources = project.setting_sources;

  const publish = useMutation({
    mutationFn: () => api.updateProject(project.id, changesOf(diff)),
    onSuccess: (answer) => {
      // A fresh draft from what was published; the checker keeps its URL, to check it again.
      queryClient.setQueryData(['project', project.id], answer.project);
      setDraft(draftOf(answer.project));
      setGeneration((value) => value + 1);
      setReviewing(false);
      setMessage(S.published);
    },
  });

  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);

  const update = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setMessage(null);
  };
  const updateSetting = (key: string, value: unknown) =>
    update({ settings: { ...draft.settings, [key]: value } });

  const fileJson = JSON.stringify(projectFileOf(project), null, 2);

  return (
    <div className="settings">
      <div className="page-header settings-header">
        <p className="settings-project">
          <strong>{project.name}</strong>{' '}
          {project.is_development ? <span className="badge">{S.development}</span> : null}{' '}
          <SourceBadge source={sources.name} />
        </p>
        <a
          className="button button-secondary"
          href={`data:application/json;charset=utf-8,${encodeURIComponent(`${fileJson}\n`)}`}
          download={projectFileName(project)}
          data-testid="download-project-file"
        >
          {S.download}
        </a>
      </div>
      {project.from_project_file ? (
        <p className="notice notice-warning" data-testid="from-file-notice">
          {S.fromFile}
        </p>
      ) : !can('projects:write') ? (
        <p className="notice" data-testid="read-only-notice">
          {S.readOnly}
        </p>
      ) : null}
      <p role="status" className="status-line" data-testid="settings-status">
        {message ?? ''}
      </p>

      {editable && diff.length > 0 && !reviewing ? (
        <div className="notice notice-warning draft-bar" data-testid="draft-bar">
          <p>{S.draftCount(diff.length)}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-primary button-small"
              disabled={problems.length > 0}
              onClick={() => setReviewing(true)}
            >
              {S.review}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={S.discardLabel}
              onClick={() => {
                setDraft(draftOf(project));
                setGeneration((value) => value + 1);
                setMessage(S.discarded);
              }}
            >
              {S.discard}
            </button>
          </div>
        </div>
      ) : null}

      {editable && reviewing ? (
        <section className="panel settings-review" aria-labelledby={`${ids}-review`} data-testid="review">
          <h2 id={`${ids}-review`} tabIndex={-1} ref={reviewHeading}>
            {S.diffHeading}
          </h2>
          <p>{S.diffIntro}</p>
          <DiffTable diff={diff} />
          {publish.isError ? <ActionError error={publish.error} /> : null}
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              disabled={publish.isPending || diff.length === 0}
              onClick={() => publish.mutate()}
            >
              {publish.isPending ? S.publishing : S.publish}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={publish.isPending}
              onClick={() => {
                publish.reset();
                setReviewing(false);
              }}
            >
              {S.keepEditing}
            </button>
          </div>
        </section>
      ) : null}

      <fieldset className="settings-body" disabled={reviewing}>
        <legend className="visually-hidden">{S.heading}</legend>
        <ProductsEditor
          draft={draft.enabled_products}
          source={sources.enabled_products}
          editable={editable}
          onChange={(next) => update({ enabled_products: next })}
        />
        <AllowlistEditor
          kind="origins"
          entries={project.allowlist.allowed_origins}
          draft={draft.allowed_origins}
          editable={editable && sources.allowed_origins !== 'project_file'}
          onChange={(next) => update({ allowed_origins: next })}
        />
        <AllowlistEditor
          kind="redirects"
          entries={project.allowlist.allowed_redirect_urls}
          draft={draft.allowed_redirect_urls}
          editable={editable && sources.allowed_redirect_urls !== 'project_file'}
          onChange={(next) => update({ allowed_redirect_urls: next })}
        />
      </fieldset>
      <RedirectUrlChecker
        projectId={project.id}
        draftRedirectUrls={
          diff.some((line) => line.key === 'allowed_redirect_urls') ? draft.allowed_redirect_urls : null
        }
      />
      <OAuthProviders project={project} />
      <fieldset className="settings-body" disabled={reviewing}>
        <legend className="visually-hidden">{S.heading}</legend>
        {SECTIONS.map(({ section, heading }) => (
          <section key={section} className="panel settings-section" aria-labelledby={`${ids}-${section}`}>
            <h2 id={`${ids}-${section}`}>{heading}</h2>
            {section === 'sessions' ? (
              <p className="hint" data-testid="session-limits">
                {S.sessionDuration(
                  project.server_limits.session_duration_minutes.default,
                  project.server_limits.session_duration_minutes.minimum,
                  project.server_limits.session_duration_minutes.maximum,
                )}{' '}
                <SourceBadge source={project.server_limits.session_duration_minutes.source} />
              </p>
            ) : null}
            {section === 'sms' ? (
              <p className="hint" data-testid="sms-server-limit">
                {S.smsServerLimit(project.server_limits.sms_daily_limit.value)}{' '}
                <SourceBadge source={project.server_limits.sms_daily_limit.source} />
              </p>
            ) : null}
            {SETTING_FIELDS.filter((field) => field.section === section).map((field) => (
              <SettingEditor
                key={`${field.key}:${generation}`}
                field={field}
                value={draft.settings[field.key]}
                project={project}
                source={sources[`settings.${field.key}`]}
                editable={editable}
                onChange={(next) => updateSetting(field.key, next)}
              />
            ))}
          </section>
        ))}
      </fieldset>
    </div>
  );
}

function DiffTable({ diff }: { diff: readonly DiffLine[] }) {
  return (
    <div className="table-scroll">
      <table className="table" data-testid="diff">
        <caption className="visually-hidden">{S.diffCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{S.diffSetting}</th>
            <th scope="col">{S.diffBefore}</th>
            <th scope="col">{S.diffAfter}</th>
          </tr>
        </thead>
        <tbody>
          {diff.map((line) => (
            <tr key={line.key} data-key={line.key}>
              <th scope="row">{S.labels[line.key] ?? line.key}</th>
              <td>
                <DiffValue value={line.before} other={line.after} removed />
              </td>
              <td>
                <DiffValue value={line.after} other={line.before} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A list shows which entries go (before) or come (after); anything else its value. */
function DiffValue({ value, other, removed }: { value: unknown; other: unknown; removed?: boolean }) {
  if (!Array.isArray(value) || !Array.isArray(other)) return <code>{shownValue(value)}</code>;
  if (value.length === 0) return <span className="muted">{S.none}</span>;
  return (
    <ul className="diff-list">
      {value.map((entry) => {
        const changed = !other.includes(entry);
        const Tag = changed ? (removed ? 'del' : 'ins') : 'span';
        return (
          <li key={String(entry)}>
            <Tag>
              <code>{String(entry)}</code>
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}
