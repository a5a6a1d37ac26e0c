// Issue 26 item 3 (User detail): "metadata editor" — trusted and untrusted metadata as JSON, checked as the admin
// API checks it (an object, at most 100 keys of at most 200 characters) before it is sent. PATCH replaces top-level
// keys and removes a key set to null (users-routes.ts), so the editor sends every key it kept and null for each key
// it dropped: the saved metadata is exactly what was written. Read-only for a role without users:write.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { UserDetail, UserPatch } from '../admin-types';
import { ActionError } from '../components/action-error';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';

type Kind = 'trusted_metadata' | 'untrusted_metadata';
const KINDS: readonly Kind[] = ['trusted_metadata', 'untrusted_metadata'];

const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** The object a text holds, or what is wrong with it (STRINGS.userDetail). */
export function parseMetadata(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    return { ok: false, error: STRINGS.userDetail.invalidJson((error as Error).message) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: STRINGS.userDetail.notObject };
  const keys = Object.keys(value);
  if (keys.length > 100) return { ok: false, error: STRINGS.userDetail.tooManyKeys };
  if (keys.some((key) => key.length > 200)) return { ok: false, error: STRINGS.userDetail.keyTooLong };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The PATCH of one kind: the kept keys as written, the dropped ones as null. */
function patchOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const removed = Object.keys(before).filter((key) => !(key in after));
  return { ...Object.fromEntries(removed.map((key) => [key, null])), ...after };
}

export function MetadataEditor({ projectId, detail }: { projectId: string; detail: UserDetail }) {
  const { api } = useServices();
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const ids = useId();
  const { user } = detail;
  const saved = {
    trusted_metadata: pretty(user.trusted_metadata),
    untrusted_metadata: pretty(user.untrusted_metadata),
  };
  const [drafts, setDrafts] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<Kind, string>>>({});
  const [message, setMessage] = useState('');
  const savedKey = `${saved.trusted_metadata}\u0000${saved.untrusted_metadata}`;
  // A refetch (another operator's change, this save): the fields show what is stored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for the two saved texts.
  useEffect(() => {
    setDrafts({ trusted_metadata: saved.trusted_metadata, untrusted_metadata: saved.untrusted_metadata });
  }, [savedKey]);
  const save = useMutation({
    mutationFn: (patch: UserPatch) => api.updateUser(projectId, user.user_id, patch),
    onMutate: () => setMessage(''),
    onSuccess: async (updated) => {
      queryClient.setQueryData(['user', projectId, user.user_id], updated);
      await queryClient.invalidateQueries({ queryKey: ['users', projectId] });
      // The change is an event of the user's: the timeline shows it.
      await queryClient.invalidateQueries({ queryKey: ['user-events', projectId, user.user_id] });
      setMessage(STRINGS.userDetail.saved);
    },
  });
  const editable = can('users:write');
  const text = STRINGS.userDetail;
  const dirty = KINDS.some((kind) => drafts[kind] !== saved[kind]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const patch: UserPatch = {};
    const found: Partial<Record<Kind, string>> = {};
    for (const kind of KINDS) {
      if (drafts[kind] === saved[kind]) continue;
      const parsed = parseMetadata(drafts[kind]);
      if (!parsed.ok) found[kind] = parsed.error;
      else patch[kind] = patchOf(user[kind] as Record<string, unknown>, parsed.value);
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(patch).length === 0) return;
    save.mutate(patch);
  };

  const field = (kind: Kind, label: string, hint: string) => {
    const id = `${ids}-${kind}`;
    const error = errors[kind];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className="mono"
          rows={6}
          spellCheck={false}
          readOnly={!editable}
          value={drafts[kind]}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={`${id}-hint${error === undefined ? '' : ` ${id}-error`}`}
          onChange={(event) => {
            setDrafts((previous) => ({ ...previous, [kind]: event.target.value }));
            setErrors((previous) => ({ ...previous, [kind]: undefined }));
          }}
        />
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
        {error === undefined ? null : (
          <p id={`${id}-error`} className="error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{text.metadata}</h2>
      <form onSubmit={submit} noValidate data-testid="metadata-editor">
        {field('trusted_metadata', text.trusted, text.trustedHint)}
        {field('untrusted_metadata', text.untrusted, text.untrustedHint)}
        {editable ? (
          <div className="button-row">
            <button
              type="submit"
              className="button button-primary button-small"
              aria-disabled={save.isPending || !dirty ? true : undefined}
            >
              {text.save}
            </button>
            {dirty ? (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => {
                  setDrafts(saved);
                  setErrors({});
                }}
              >
                {text.reset}
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
      <p role="status" className="status-line" data-testid="metadata-status">
        {message}
      </p>
      {save.error === null ? null : <ActionError error={save.error} />}
    </section>
  );
}
