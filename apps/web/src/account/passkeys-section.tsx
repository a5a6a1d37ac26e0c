// Issue 22 finding 3 and Deliver 2: the account page's own passkey list, in place of the widget's registration
// screens (whose "Set up a new Passkey / Skip" hid a returning user's passkeys, and whose heading said "Passkey
// successfully created!" when nothing was). Each passkey shows its name, when it was added and when it was last used
// (Gatehouse's created_at / last_used_at on the user's webauthn_registrations), with Rename (inline; an empty name
// says so) and Delete (asks in ./confirm-dialog; not offered for the last way to sign in). "Add a passkey" runs the
// SDK's register (wire-format.md §4.9 register/start + register). Issue 20 item 3: adding, renaming and deleting
// go through the reauthentication guard, so a sign-in that is not recent first asks "Confirm it's you"
// (ACCOUNT_CONFIG), then the change runs again; Cancel leaves everything as it was, with no message.
import { isReauthenticationCancelled, useReauthentication } from '@gatehouse/react/reauthentication';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import type { AppClient, UserView } from '../app-client';
import { STRINGS, WIDGET_STRINGS } from '../strings';
import { SESSION_DURATION_MINUTES } from '../widget-config';
import { invalidateAccount, isLastWayToSignIn, reasonOf } from './account-data';
import { ConfirmItsYou } from './confirm-its-you';
import { RemovalError, RemoveButton } from './remove-button';
import { Timestamp } from './sessions-section';
import { useToast } from './toasts';
import { useRemoval } from './use-removal';

/** XS-01 / the server's schema: a passkey name is 1..64 characters with one visible one. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

type Passkey = NonNullable<UserView['webauthn_registrations']>[number];

function displayName(passkey: Passkey): string {
  return passkey.name.trim() === '' ? STRINGS.account.unnamedPasskey : passkey.name;
}

function RenameForm({
  client,
  passkey,
  onDone,
}: {
  client: AppClient;
  passkey: Passkey;
  onDone: (saved: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const ids = useId();
  const { request, guard } = useReauthentication();
  const [draft, setDraft] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim().slice(0, PASSKEY_NAME_MAX_LENGTH);
    // Issue 22 finding 3: an empty name used to do nothing at all; it now says what is missing.
    if (name === '') {
      setError(STRINGS.account.passkeyNameEmpty);
      inputRef.current?.focus();
      return;
    }
    if (name === passkey.name) {
      onDone(false);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await guard(() =>
        client.webauthn.update({ webauthn_registration_id: passkey.webauthn_registration_id, name }),
      );
      notify(STRINGS.account.passkeyRenamed(name));
      await invalidateAccount(queryClient);
      onDone(true);
    } catch (failure) {
      if (!isReauthenticationCancelled(failure)) setError(reasonOf(failure, STRINGS.account.renameFailed));
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone(false);
    }
  };

  return (
    <form className="passkey-rename" onSubmit={save} noValidate data-testid="account-passkey-rename">
      <label htmlFor={`${ids}-name`}>{STRINGS.account.passkeyNameLabel}</label>
      <input
        ref={inputRef}
        id={`${ids}-name`}
        className="text-input"
        type="text"
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        // Issue 27 item 3: a name may be written in either direction; the browser follows its first letter.
        dir="auto"
        value={draft}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={error !== null ? `${ids}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the person just chose to rename this passkey.
        autoFocus
        onChange={(event) => {
          setDraft(event.target.value);
          if (error !== null) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {error !== null ? (
        <p id={`${ids}-error`} role="alert" className="error" data-testid="account-passkey-rename-error">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button-small" aria-disabled={busy ? true : undefined}>
          {busy ? STRINGS.account.saving : STRINGS.account.save}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => onDone(false)}>
          {STRINGS.account.cancel}
        </button>
      </div>
      <ConfirmItsYou request={request} testId="account-passkey-rename-reauthentication" />
    </form>
  );
}

function PasskeyRow({
  client,
  user,
  passkey,
  removal,
}: {
  client: AppClient;
  user: UserView;
  passkey: Passkey;
  removal: ReturnType<typeof useRemoval>;
}) {
  const [editing, setEditing] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  const name = displayName(passkey);
  const id = passkey.webauthn_registration_id;

  const finishRename = () => {
    setEditing(false);
    // Back to the row's Rename button (the form that had focus is gone).
    requestAnimationFrame(() => renameRef.current?.focus());
  };

  return (
    <li className="passkey-row" data-passkey-id={id}>
      <div className="passkey-summary">
        <p className="passkey-name">{name}</p>
        {passkey.created_at !== undefined ? (
          <dl className="details">
            <dt>{STRINGS.account.passkeyCreated}</dt>
            <dd>
              <Timestamp value={passkey.created_at} />
            </dd>
            <dt>{STRINGS.account.passkeyLastUsed}</dt>
            <dd>
              {passkey.last_used_at ? (
                <Timestamp value={passkey.last_used_at} />
              ) : (
                STRINGS.account.passkeyNeverUsed
              )}
            </dd>
          </dl>
        ) : null}
      </div>
      {editing ? (
        <RenameForm client={client} passkey={passkey} onDone={finishRename} />
      ) : (
        <div className="button-row passkey-actions">
          <button
            ref={renameRef}
            type="button"
            className="button button-small button-secondary"
            aria-label={STRINGS.account.renamePasskey(name)}
            onClick={() => setEditing(true)}
          >
            {STRINGS.account.rename}
          </button>
          <RemoveButton
            label={name}
            ariaLabel={STRINGS.account.deletePasskey(name)}
            busy={removal.busy === id}
            disabled={removal.busy !== null}
            lastWay={isLastWayToSignIn(user, { kind: 'passkey', id })}
            confirmTitle={STRINGS.account.confirmDeletePasskeyTitle(name)}
            confirmDescription={STRINGS.account.confirmDeletePasskey}
            confirmLabel={STRINGS.account.delete}
            busyLabel={STRINGS.account.deleting}
            onClick={() => removal.remove(id, name, () => client.user.deleteWebauthnRegistration(id))}
          >
            {STRINGS.account.delete}
          </RemoveButton>
        </div>
      )}
    </li>
  );
}

export function PasskeysSection({ client, user }: { client: AppClient; user: UserView }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const removal = useRemoval();
  const add = useReauthentication();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const passkeys = user.webauthn_registrations ?? [];

  const addPasskey = async () => {
    if (adding) return;
    setAdding(true);
    setAddError(null);
    try {
      // SPEC §7: passkey registration sends is_passkey true, with the app's session length (as the widget did).
      await add.guard(() =>
        client.webauthn.register({ is_passkey: true, session_duration_minutes: SESSION_DURATION_MINUTES }),
      );
      notify(STRINGS.account.passkeyAdded);
      await invalidateAccount(queryClient);
    } catch (failure) {
      // Cancelled "Confirm it's you": nothing was created and nothing needs saying. A browser prompt closed
      // without a passkey (NotAllowedError) has no server message: the fallback says it was not added.
      if (isReauthenticationCancelled(failure)) return;
      // The authenticator already holds a passkey of this account (excludeCredentials) or the server says it is a
      // duplicate: SPEC §8's text, as the widget shows it.
      const fields = (typeof failure === 'object' && failure !== null ? failure : {}) as {
        name?: unknown;
        error_type?: unknown;
      };
      const duplicate =
        fields.name === 'InvalidStateError' || fields.error_type === 'duplicate_webauthn_registration';
      setAddError(
        duplicate
          ? WIDGET_STRINGS.passkeyAlreadyRegistered
          : reasonOf(failure, STRINGS.account.passkeyAddFailed),
      );
    } finally {
      setAdding(false);
    }
  };

  return (
    <section aria-labelledby="account-passkeys-heading" data-testid="account-passkeys">
      <h2 id="account-passkeys-heading">{STRINGS.account.passkeysSection}</h2>
      <p className="muted">{STRINGS.account.passkeysIntro}</p>
      {passkeys.length === 0 ? (
        <p data-testid="account-passkeys-empty">{STRINGS.account.noPasskeysYet}</p>
      ) : (
        <ul className="plain-list item-list passkey-list" data-testid="account-passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.webauthn_registration_id}
              client={client}
              user={user}
              passkey={passkey}
              removal={removal}
            />
          ))}
        </ul>
      )}
      <RemovalError error={removal.error} testId="account-passkeys-error" />
      <ConfirmItsYou request={removal.reauthentication} testId="account-passkeys-reauthentication" />
      <button
        type="button"
        className="button button-small account-add-button"
        aria-disabled={adding ? true : undefined}
        onClick={addPasskey}
        data-testid="account-add-passkey"
      >
        {adding ? STRINGS.account.addingPasskey : STRINGS.account.addPasskey}
      </button>
      {addError !== null ? (
        <p role="alert" className="error" data-testid="account-add-passkey-error">
          {addError}
        </p>
      ) : null}
      <ConfirmItsYou request={add.request} testId="account-add-passkey-reauthentication" />
    </section>
  );
}
