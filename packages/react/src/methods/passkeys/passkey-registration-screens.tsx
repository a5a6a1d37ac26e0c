// SPEC §2 PasskeyRegistrationStart ('Set up a new Passkey', 'Create a Passkey', 'Skip') and
// PasskeyRegistrationSuccess ('Passkey successfully created!', the 'Existing Passkeys' list with inline rename and
// delete, 'Set up another Passkey', 'Done'). SPEC §4 transitions and list editing, SPEC §8 messages (list load,
// delete and rename failures are only logged), wire-format.md §7.4 PASSKEY_REGISTER / PASSKEY_SKIP / PASSKEY_DONE.
// Issue 20 item 3: creating, renaming and deleting go through the reauthentication guard: a `reauthentication_required`
// or `second_factor_required` answer opens "Confirm it's you" in place of the screen, and the change runs again
// once the person confirmed; Cancel puts the list (or the start screen) back as it was, focus on the row's control.
// Issue 22 finding 3: the list's heading says 'Passkey successfully created!' only right after a creation (with the
// passkey still listed), else 'Your passkeys'; an empty name shows an error instead of silently doing nothing; 'Done'
// reports PASSKEY_DONE (Stytch's UI leaves what follows to the page, through callbacks.onEvent) and shows a finished
// view, so the click visibly ends the task, with 'Manage passkeys' to go back to the list.
import type { User } from '@gatehouse/protocol';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { BannerRegion } from '../../banner';
import { eventData } from '../../callbacks';
import { loadErrorChunk } from '../../error-chunk';
import { Logo } from '../../main/main-screen';
import { isReauthenticationCancelled } from '../../reauthentication/reauthentication-errors';
import { ReauthenticationFrame } from '../../reauthentication/reauthentication-frame';
import { useReauthentication } from '../../reauthentication/use-reauthentication';
import { ScreenHeading } from '../../screen-heading';
import { ScreenStyles } from '../../screen-styles';
import { formatString } from '../../strings';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { passkeyCreateMessage } from './passkey-errors';
import {
  cleanPasskeyName,
  initialPasskeyList,
  PASSKEY_NAME_MAX_LENGTH,
  type PasskeyRow,
  passkeyListReducer,
} from './passkey-list';
import { usePasskeyRegistrationStrings } from './passkey-registration-strings';
import { PASSKEY_REGISTRATION_TRANSITIONS } from './passkey-registration-transitions';
import { PASSKEYS_CSS } from './passkeys-css';

export function PasskeyRegistrationStart({
  onLeave,
}: {
  /** Told when the screen is left: true after a creation, false after Skip. */
  onLeave?: (created: boolean) => void;
}) {
  const { client, config, state, emitEvent, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSKEY_REGISTRATION_TRANSITIONS);
  const strings = usePasskeyRegistrationStrings();
  const creating = state.screen === 'passkey-registration.creating';
  const { request, guard } = useReauthentication();

  const create = async () => {
    if (state.screen !== 'passkey-registration') return;
    dispatch({ type: 'passkey-create-started' });
    // A failure shows a banner, drawn with the error chunk (error-chunk.ts).
    void loadErrorChunk();
    try {
      // SPEC §7: passkey registration sends is_passkey true; the session length only when the page sets one.
      const duration = config.sessionOptions?.sessionDurationMinutes;
      const data = await guard(() =>
        client.webauthn.register(
          duration === undefined
            ? { is_passkey: true }
            : { is_passkey: true, session_duration_minutes: duration },
        ),
      );
      emitEvent('PASSKEY_REGISTER', eventData(data));
      onLeave?.(true);
      dispatch({ type: 'passkey-created' });
    } catch (error) {
      if (isReauthenticationCancelled(error)) {
        dispatch({ type: 'passkey-create-cancelled' });
        return;
      }
      dispatch({
        type: 'passkey-create-failed',
        banner: { variant: 'error', error: { message: passkeyCreateMessage(error, strings), helpUrl: null } },
      });
      emitError(error);
    }
  };

  const skip = () => {
    if (state.screen !== 'passkey-registration') return;
    emitEvent('PASSKEY_SKIP', {});
    onLeave?.(false);
    dispatch({ type: 'passkey-skipped' });
  };

  return (
    <ReauthenticationFrame request={request}>
      <Logo />
      <ScreenHeading>{strings.passkeyRegistrationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passkeyRegistrationText}</p>
      <div className="gh-button-stack">
        <button
          type="button"
          className="gh-button gh-button-primary"
          onClick={create}
          aria-disabled={creating}
        >
          {creating ? <span className="gh-spinner" aria-hidden="true" /> : null}
          {strings.createPasskey}
        </button>
        <button
          type="button"
          className="gh-button gh-button-secondary"
          onClick={skip}
          aria-disabled={creating}
        >
          {strings.skip}
        </button>
      </div>
      <BannerRegion />
    </ReauthenticationFrame>
  );
}

function rowsOf(user: User | null): PasskeyRow[] {
  return (user?.webauthn_registrations ?? []).map((registration) => ({
    id: registration.webauthn_registration_id,
    name: registration.name,
  }));
}

export function PasskeyRegistrationSuccess({ justCreated = false }: { justCreated?: boolean }) {
  const { client, emitEvent } = useWidget();
  const dispatch = useScreenDispatch(PASSKEY_REGISTRATION_TRANSITIONS);
  const strings = usePasskeyRegistrationStrings();
  const [finished, setFinished] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  // Every passkey was deleted here: nothing is 'successfully created' any more.
  const [emptied, setEmptied] = useState(false);
  const [list, update] = useReducer(passkeyListReducer, client.user.getSync(), (user) =>
    initialPasskeyList(rowsOf(user)),
  );
  const { rows, mode } = list;
  const listId = useId();
  const warningId = useId();
  const { request, guard } = useReauthentication();
  const listRef = useRef<HTMLUListElement>(null);
  // After a cancelled confirmation: the control of the row whose change was asked for gets focus back.
  const [refocus, setRefocus] = useState<{ id: string; action: 'edit' | 'delete' } | null>(null);

  useEffect(() => {
    if (refocus === null || request !== null) return;
    setRefocus(null);
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-passkey-id]') ?? [])].find(
      (item) => item.dataset.passkeyId === refocus.id,
    );
    row?.querySelector<HTMLElement>(`[data-action="${refocus.action}"]`)?.focus();
  }, [refocus, request]);

  useEffect(() => {
    let active = true;
    client.user.get().then(
      (user) => {
        if (active) update({ type: 'loaded', rows: rowsOf(user) });
      },
      (error: unknown) => {
        // SPEC §8: list load failures are only logged.
        console.error('Gatehouse widget: could not load the passkeys', error);
      },
    );
    return () => {
      active = false;
    };
  }, [client]);

  const save = (row: PasskeyRow, draft: string) => {
    const name = cleanPasskeyName(draft);
    if (name === null) {
      setNameError(strings.passkeyNameRequired);
      return;
    }
    setNameError(null);
    if (name === row.name) {
      update({ type: 'cancel' });
      return;
    }
    // SPEC §4: the list changes at once; a refusal puts the old name back (and is only logged, SPEC §8).
    update({ type: 'renamed', id: row.id, name });
    guard(() => client.webauthn.update({ webauthn_registration_id: row.id, name })).catch(
      (error: unknown) => {
        update({ type: 'rename-refused', id: row.id, name, previousName: row.name });
        if (isReauthenticationCancelled(error)) setRefocus({ id: row.id, action: 'edit' });
        else console.error('Gatehouse widget: could not rename the passkey', error);
      },
    );
  };

  const confirmDelete = () => {
    if (mode.kind !== 'delete') return;
    const index = rows.findIndex((row) => row.id === mode.id);
    const row = rows[index];
    if (row === undefined) return;
    if (rows.length === 1) setEmptied(true);
    update({ type: 'deleted', id: row.id });
    guard(() => client.user.deleteWebauthnRegistration(row.id)).catch((error: unknown) => {
      update({ type: 'delete-refused', row, index });
      if (isReauthenticationCancelled(error)) setRefocus({ id: row.id, action: 'delete' });
      else console.error('Gatehouse widget: could not delete the passkey', error);
    });
  };

  if (finished) {
    return (
      <>
        <Logo />
        <ScreenHeading>{strings.passkeysDoneTitle}</ScreenHeading>
        <p className="gh-text">{strings.passkeysDoneText}</p>
        <div className="gh-button-stack">
          <button type="button" className="gh-button gh-button-secondary" onClick={() => setFinished(false)}>
            {strings.managePasskeys}
          </button>
        </div>
      </>
    );
  }

  const title =
    justCreated && !(emptied && rows.length === 0) ? strings.passkeyCreatedTitle : strings.yourPasskeys;
  return (
    <ReauthenticationFrame request={request}>
      <Logo />
      <ScreenHeading>{title}</ScreenHeading>
      <section className="gh-passkeys" aria-labelledby={listId}>
        <ScreenStyles css={PASSKEYS_CSS} />
        <h3 id={listId} className="gh-subheading">
          {strings.existingPasskeys}
        </h3>
        {rows.length === 0 ? (
          <p className="gh-text">{list.loaded ? strings.noPasskeys : null}</p>
        ) : (
          <ul ref={listRef} className="gh-passkey-list" data-mode={mode.kind}>
            {rows.map((row) => (
              <PasskeyListRow
                key={row.id}
                row={row}
                mode={mode}
                warningId={warningId}
                onEdit={() => update({ type: 'start-edit', id: row.id })}
                onDelete={() => update({ type: 'start-delete', id: row.id })}
                nameError={nameError}
                onDraft={(draft) => {
                  setNameError(null);
                  update({ type: 'change-draft', draft });
                }}
                onSave={(draft) => save(row, draft)}
                onCancel={() => {
                  setNameError(null);
                  update({ type: 'cancel' });
                }}
              />
            ))}
          </ul>
        )}
      </section>
      {mode.kind === 'delete' ? (
        <>
          <p id={warningId} className="gh-text gh-delete-warning" role="alert">
            {strings.deleteWarning}
          </p>
          <div className="gh-button-stack">
            <button type="button" className="gh-button gh-button-primary" onClick={confirmDelete}>
              {strings.deleteConfirm}
            </button>
            <button
              type="button"
              className="gh-button gh-button-secondary"
              onClick={() => update({ type: 'cancel' })}
            >
              {strings.cancel}
            </button>
          </div>
        </>
      ) : (
        <div className="gh-button-stack">
          <button
            type="button"
            className="gh-button gh-button-primary"
            onClick={() => dispatch({ type: 'passkey-setup-another' })}
          >
            {strings.setUpAnotherPasskey}
          </button>
          <button
            type="button"
            className="gh-button gh-button-secondary"
            onClick={() => {
              emitEvent('PASSKEY_DONE', {});
              setFinished(true);
            }}
          >
            {strings.done}
          </button>
        </div>
      )}
    </ReauthenticationFrame>
  );
}

interface PasskeyListRowProps {
  row: PasskeyRow;
  mode: ReturnType<typeof initialPasskeyList>['mode'];
  warningId: string;
  /** Issue 22 finding 3: why Save did nothing (an empty name). */
  nameError: string | null;
  onEdit(): void;
  onDelete(): void;
  onDraft(draft: string): void;
  onSave(draft: string): void;
  onCancel(): void;
}

function PasskeyListRow({
  row,
  mode,
  warningId,
  nameError,
  onEdit,
  onDelete,
  onDraft,
  onSave,
  onCancel,
}: PasskeyListRowProps) {
  const strings = usePasskeyRegistrationStrings();
  const inputId = useId();

  if (mode.kind === 'edit' && mode.id === row.id) {
    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      onSave(mode.draft);
    };
    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCancel();
      }
    };
    return (
      <li className="gh-passkey-row" data-row-state="editing">
        <form className="gh-passkey-edit" onSubmit={onSubmit}>
          <label className="gh-visually-hidden" htmlFor={inputId}>
            {strings.passkeyNameLabel}
          </label>
          <input
            id={inputId}
            className="gh-input"
            type="text"
            name="passkey-name"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            value={mode.draft}
            // biome-ignore lint/a11y/noAutofocus: the person just chose to edit this name.
            autoFocus
            aria-invalid={nameError !== null ? true : undefined}
            aria-describedby={nameError !== null ? `${inputId}-error` : undefined}
            onChange={(event) => onDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="gh-button gh-button-primary gh-button-inline">
            {strings.save}
          </button>
        </form>
        {nameError !== null ? (
          <p id={`${inputId}-error`} className="gh-field-error" role="alert">
            {nameError}
          </p>
        ) : null}
      </li>
    );
  }

  const marked = mode.kind === 'delete' && mode.id === row.id;
  return (
    <li
      className="gh-passkey-row"
      data-passkey-id={row.id}
      data-row-state={marked ? 'marked-for-deletion' : 'idle'}
      aria-describedby={marked ? warningId : undefined}
    >
      <span className="gh-passkey-name">{row.name}</span>
      {/* SPEC §4: controls show only when no row is edited or marked for deletion. */}
      {mode.kind === 'view' ? (
        <span className="gh-passkey-actions">
          <button
            type="button"
            className="gh-link-button"
            data-action="edit"
            aria-label={formatString(strings.editPasskey, { name: row.name })}
            onClick={onEdit}
          >
            {strings.edit}
          </button>
          <button
            type="button"
            className="gh-link-button"
            data-action="delete"
            aria-label={formatString(strings.deletePasskey, { name: row.name })}
            onClick={onDelete}
          >
            {strings.delete}
          </button>
        </span>
      ) : null}
    </li>
  );
}

/** SPEC §8: PasskeyRegistration mounted without a signed-in user. */
export function PasskeyRegistrationNoUser() {
  const strings = usePasskeyRegistrationStrings();
  return (
    <>
      <ScreenHeading>{strings.passkeyRegistrationTitle}</ScreenHeading>
      <p className="gh-config-error" role="alert">
        {strings.passkeyRegistrationWithoutUser}
      </p>
    </>
  );
}
