// Issue 26 item 3: "would this URL be allowed?" — asks the server, which runs the login links' own allowlist check
// (POST /admin/v1/projects/:id/redirect-url-check), against the published allowlist or, while there is a draft,
// against the draft's redirect URLs. The console never decides this itself.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { RedirectUrlCheck } from '../admin-types';
import { ActionError } from '../components/action-error';
import { useServices } from '../console-context';
import { STRINGS } from '../strings';

const S = STRINGS.settings;

export function RedirectUrlChecker({
  projectId,
  draftRedirectUrls,
}: {
  projectId: string;
  /** The draft's redirect URLs when they differ from the published ones; null otherwise. */
  draftRedirectUrls: readonly string[] | null;
}) {
  const { api } = useServices();
  const ids = useId();
  const [url, setUrl] = useState('');
  const [againstDraft, setAgainstDraft] = useState(true);
  const [empty, setEmpty] = useState(false);
  const check = useMutation({
    mutationFn: (body: { url: string; allowed_redirect_urls?: string[] }) =>
      api.checkRedirectUrl(projectId, body),
  });
  const useDraft = draftRedirectUrls !== null && againstDraft;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = url.trim();
    setEmpty(value === '');
    if (value === '') return;
    check.mutate({ url: value, ...(useDraft ? { allowed_redirect_urls: [...draftRedirectUrls] } : {}) });
  }

  return (
    <section
      className="panel settings-section"
      aria-labelledby={`${ids}-heading`}
      data-testid="redirect-checker"
    >
      <h2 id={`${ids}-heading`}>{S.checker}</h2>
      <p className="hint">{S.checkerHint}</p>
      <form className="filters" onSubmit={submit} noValidate>
        <div className="field-grow">
          <label htmlFor={`${ids}-url`}>{S.checkerUrl}</label>
          <input
            id={`${ids}-url`}
            type="url"
            value={url}
            placeholder="https://app.example.com/authenticate"
            aria-invalid={empty ? true : undefined}
            aria-describedby={empty ? `${ids}-empty` : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          {empty ? (
            <p id={`${ids}-empty`} className="hint" role="alert">
              {S.emptyUrl}
            </p>
          ) : null}
        </div>
        {draftRedirectUrls === null ? null : (
          <div className="field-inline">
            <input
              id={`${ids}-draft`}
              type="checkbox"
              checked={againstDraft}
              onChange={(event) => setAgainstDraft(event.target.checked)}
            />
            <label htmlFor={`${ids}-draft`}>{S.checkerAgainstDraft}</label>
          </div>
        )}
        <button type="submit" className="button button-primary" disabled={check.isPending}>
          {check.isPending ? S.checking : S.check}
        </button>
      </form>
      <div role="status" className="checker-result" data-testid="checker-result">
        {check.data === undefined || check.isPending ? null : <Verdict answer={check.data} />}
      </div>
      {check.isError ? <ActionError error={check.error} /> : null}
    </section>
  );
}

function Verdict({ answer }: { answer: RedirectUrlCheck }) {
  return (
    <div data-allowed={answer.allowed ? 'true' : 'false'}>
      <p className="state-title">
        <span className={answer.allowed ? 'badge badge-success' : 'badge badge-danger'}>
          {answer.allowed ? S.allowed : S.refused}
        </span>
      </p>
      <p>{answer.reason}</p>
    </div>
  );
}
