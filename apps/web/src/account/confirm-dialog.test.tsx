// Issue 22 finding 5 ("Tests that show it": component tests for the confirmation dialogs): the dialog opens named and
// described, Cancel and Escape change nothing, the confirm button runs the change, and focus returns to the button.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRINGS } from '../strings';
import { ConfirmButton } from './confirm-dialog';

function setup() {
  const onConfirm = vi.fn();
  render(
    <ConfirmButton
      ariaLabel="Remove the authenticator app"
      title={STRINGS.account.confirmRemoveTotpTitle}
      description={STRINGS.account.confirmRemoveTotp}
      confirmLabel={STRINGS.account.remove}
      onConfirm={onConfirm}
    >
      {STRINGS.account.remove}
    </ConfirmButton>,
  );
  const trigger = screen.getByRole('button', { name: 'Remove the authenticator app' });
  return { onConfirm, trigger };
}

describe('ConfirmButton / ConfirmDialog (issue 22 finding 5)', () => {
  afterEach(cleanup);

  it('the trigger has the danger style, not the primary one', () => {
    const { trigger } = setup();
    expect(trigger.className).toContain('button-danger');
  });

  it('opens a dialog named by its title and described by the consequence, focus on Cancel', async () => {
    const { trigger, onConfirm } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog');
    expect(dialog.tagName).toBe('DIALOG');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(title?.textContent).toBe(STRINGS.account.confirmRemoveTotpTitle);
    expect(description?.textContent).toBe(STRINGS.account.confirmRemoveTotp);
    expect(description?.textContent).toContain('Two-step sign-in turns off');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: STRINGS.account.cancel }));
    expect(within(dialog).getByRole('button', { name: STRINGS.account.remove }).className).toContain(
      'button-danger',
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Cancel closes it, runs nothing and gives focus back to the button', async () => {
    const { trigger, onConfirm } = setup();
    await userEvent.click(trigger);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: STRINGS.account.cancel }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('Escape closes it, runs nothing and gives focus back to the button', async () => {
    const { trigger, onConfirm } = setup();
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('Tab stays inside the dialog', async () => {
    const { trigger } = setup();
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog');
    const cancel = within(dialog).getByRole('button', { name: STRINGS.account.cancel });
    const confirm = within(dialog).getByRole('button', { name: STRINGS.account.remove });
    await userEvent.tab();
    expect(document.activeElement).toBe(confirm);
    await userEvent.tab();
    expect(document.activeElement).toBe(cancel);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('the confirm button runs the change once, after focus is back on the button', async () => {
    const { trigger, onConfirm } = setup();
    onConfirm.mockImplementation(() => expect(document.activeElement).toBe(trigger));
    await userEvent.click(trigger);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: STRINGS.account.remove }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(trigger);
  });

  it('a disabled button (the last way to sign in) opens nothing', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton
        disabled
        title="t"
        description="d"
        confirmLabel={STRINGS.account.remove}
        onConfirm={onConfirm}
      >
        {STRINGS.account.remove}
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.remove }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
