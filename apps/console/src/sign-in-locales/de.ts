// Issue 27 item 1: the console's sign-in in German (sign-in-strings.ts says why only the sign-in).
// Translator's notes: "Sie", as in the web app; "Konsole" (the German word admins use); "Anmeldelink" for login
// link, as in the web app and the e-mails; "System" for the theme that follows the operating system.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Gatehouse-Konsole',
  documentTitle: (page: string) => `${page} · Gatehouse-Konsole`,
  signIn: {
    title: 'Anmelden',
    heading: 'Bei der Konsole anmelden',
    intro: 'Operatoren melden sich mit ihrem Gatehouse-Operatorkonto an.',
  },
  authenticate: {
    title: 'Anmeldung',
    heading: 'Sie werden angemeldet',
    working: 'Ihr Anmeldelink wird geprüft…',
    failedHeading: 'Dieser Anmeldelink hat nicht funktioniert',
    backToSignIn: 'Zurück zur Anmeldung',
  },
  theme: {
    label: 'Design',
    system: 'System',
    light: 'Hell',
    dark: 'Dunkel',
  },
};
