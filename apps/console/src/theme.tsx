// Issue 26 item 1: light and dark. The console follows the system (prefers-color-scheme, styles.css) unless the
// operator picks a theme, which is kept in localStorage and set as `data-theme` on <html>, where the stylesheet's
// custom properties read it. The widget screens the console shows follow the same choice (colorScheme).
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react';
import { STRINGS } from './strings';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'gatehouse_console_theme';

interface ThemeState {
  choice: ThemeChoice;
  setChoice(choice: ThemeChoice): void;
  /** The widget's colorScheme for this choice. */
  widgetScheme: 'auto' | 'light' | 'dark';
}

const ThemeContext = createContext<ThemeState>({
  choice: 'system',
  setChoice: () => undefined,
  widgetScheme: 'auto',
});

function readChoice(storage: Storage | null): ThemeChoice {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(() => readChoice(browserStorage()));

  useEffect(() => {
    const root = document.documentElement;
    if (choice === 'system') delete root.dataset.theme;
    else root.dataset.theme = choice;
  }, [choice]);

  const value = useMemo<ThemeState>(
    () => ({
      choice,
      setChoice(next) {
        setChoiceState(next);
        try {
          if (next === 'system') browserStorage()?.removeItem(THEME_STORAGE_KEY);
          else browserStorage()?.setItem(THEME_STORAGE_KEY, next);
        } catch {
          // Storage refused (private mode): the choice lasts for this page.
        }
      },
      widgetScheme: choice === 'system' ? 'auto' : choice,
    }),
    [choice],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

/** The theme control's texts: the console's English, or the sign-in screen's language (issue 27 item 1). */
export interface ThemeLabels {
  label: string;
  system: string;
  light: string;
  dark: string;
}

/** The theme control of the shell's header: a labelled select (System, Light, Dark). */
export function ThemeToggle({ labels = STRINGS.theme }: { labels?: ThemeLabels }) {
  const { choice, setChoice } = useTheme();
  const id = useId();
  return (
    <div className="theme-toggle">
      <label htmlFor={id}>{labels.label}</label>
      <select
        id={id}
        value={choice}
        onChange={(event) => setChoice(event.target.value as ThemeChoice)}
        data-testid="theme-toggle"
      >
        <option value="system">{labels.system}</option>
        <option value="light">{labels.light}</option>
        <option value="dark">{labels.dark}</option>
      </select>
    </div>
  );
}
