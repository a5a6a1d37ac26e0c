// Issue 27 item 1: the console's sign-in in French (sign-in-strings.ts says why only the sign-in).
// Translator's notes: "vous", as in the web app; "console" stays (French admins say "la console"); "lien de
// connexion" for login link, as in the web app and the e-mails. A non-breaking space goes before ":" and "?".
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Console Gatehouse',
  documentTitle: (page: string) => `${page} · Console Gatehouse`,
  signIn: {
    title: 'Connexion',
    heading: 'Connexion à la console',
    intro: 'Les opérateurs se connectent avec leur compte opérateur Gatehouse.',
  },
  authenticate: {
    title: 'Connexion',
    heading: 'Connexion en cours',
    working: 'Vérification de votre lien de connexion…',
    failedHeading: 'Ce lien de connexion n’a pas fonctionné',
    backToSignIn: 'Retour à la connexion',
  },
  theme: {
    label: 'Thème',
    system: 'Système',
    light: 'Clair',
    dark: 'Sombre',
  },
};
