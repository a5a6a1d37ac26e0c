// Issue 27 item 2: the footer's language picker. Each language is named in itself ("Français", "العربية") and marked
// with its own lang, so a screen reader reads each name in its language. The choice is kept in this browser
// (locale.ts) and applied at once: the app re-renders in the new language without a reload.
import { useId, useState } from 'react';
import { chooseLocaleFromPicker, LOCALE_NAMES, SUPPORTED_LOCALES } from './locale';
import { LOCALE, STRINGS } from './strings';

export function LanguagePicker() {
  const id = useId();
  const [pending, setPending] = useState(false);
  return (
    <div className="language-picker">
      <label htmlFor={id}>{STRINGS.footer.language}</label>
      <select
        id={id}
        value={LOCALE}
        disabled={pending}
        onChange={(event) => {
          setPending(true);
          void chooseLocaleFromPicker(event.target.value).finally(() => setPending(false));
        }}
      >
        {SUPPORTED_LOCALES.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {LOCALE_NAMES[tag]}
          </option>
        ))}
      </select>
    </div>
  );
}
