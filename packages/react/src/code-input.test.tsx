// Issue 22 "Themes" / finding 10: the six-box passcode input — one real input (label, one-time-code autofill,
// numeric keyboard), six aria-hidden boxes drawing it, paste and Backspace, one submission at the sixth digit.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

afterEach(cleanup);

function Harness({ onComplete, readOnly = false }: { onComplete(digits: string): void; readOnly?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <form>
      <label htmlFor="code">Code</label>
      <CodeInput
        id="code"
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        readOnly={readOnly}
        invalid={false}
        describedBy="hint"
      />
      <p id="hint">Six digits</p>
    </form>
  );
}

function setup(readOnly = false) {
  const onComplete = vi.fn();
  const user = userEvent.setup();
  const { container } = render(<Harness onComplete={onComplete} readOnly={readOnly} />);
  const input = screen.getByLabelText('Code') as HTMLInputElement;
  const boxes = () => [...container.querySelectorAll<HTMLElement>('.gh-code-box')];
  return { onComplete, user, input, boxes, container };
}

describe('CodeInput', () => {
  it('is one labelled one-time-code input; the six boxes are hidden from assistive technology', () => {
    const { input, boxes, container } = setup();
    expect(container.querySelectorAll('input')).toHaveLength(1);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(input.getAttribute('pattern')).toBe('[0-9]*');
    expect(input.getAttribute('aria-describedby')).toBe('hint');
    expect(boxes()).toHaveLength(6);
    expect(container.querySelector('.gh-code-boxes')!.getAttribute('aria-hidden')).toBe('true');
    expect(boxes()[0]!.dataset.active).toBe('true');
  });

  it('draws each typed digit in its box, drops non-digits and moves the caret box', async () => {
    const { input, boxes, user, onComplete } = setup();
    await user.type(input, '1a2 -3');
    expect(input.value).toBe('123');
    expect(boxes().map((box) => box.textContent)).toEqual(['1', '2', '3', '', '', '']);
    expect(boxes().findIndex((box) => box.dataset.active === 'true')).toBe(3);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('Backspace removes the last digit', async () => {
    const { input, boxes, user } = setup();
    await user.type(input, '1234');
    await user.keyboard('{Backspace}{Backspace}');
    expect(input.value).toBe('12');
    expect(boxes().map((box) => box.textContent)).toEqual(['1', '2', '', '', '', '']);
    expect(boxes().findIndex((box) => box.dataset.active === 'true')).toBe(2);
  });

  it('submits once, at the sixth digit; more typing adds nothing', async () => {
    const { input, user, onComplete } = setup();
    await user.type(input, '12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '67');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(input.value).toBe('123456');
  });

  it.each([['123456'], [' 123 456 '], ['123-456']])('a pasted %j submits its six digits', async (text) => {
    const { input, user, onComplete, boxes } = setup();
    await user.click(input);
    await user.paste(text);
    expect(input.value).toBe('123456');
    expect(boxes().map((box) => box.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('a pasted part of a code adds to the digits already typed', async () => {
    const { input, user, onComplete } = setup();
    await user.type(input, '12');
    await user.paste('34');
    expect(input.value).toBe('1234');
    await user.paste('5 6');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('an autofilled code (one change event with all six digits) submits', () => {
    const { input, onComplete } = setup();
    fireEvent.change(input, { target: { value: '654321' } });
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('ignores a paste while read-only (verifying)', async () => {
    const { input, user, onComplete } = setup(true);
    await user.click(input);
    await user.paste('123456');
    expect(input.value).toBe('');
    expect(onComplete).not.toHaveBeenCalled();
  });
});
