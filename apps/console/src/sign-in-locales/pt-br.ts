// Issue 27 item 1: the console's sign-in in Brazilian Portuguese (sign-in-strings.ts says why only the sign-in).
// Translator's notes: "você", as in the web app; "Entrar" for sign in; "link de acesso" for login link.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Console do Gatehouse',
  documentTitle: (page: string) => `${page} · Console do Gatehouse`,
  signIn: {
    title: 'Entrar',
    heading: 'Entrar no console',
    intro: 'Os operadores entram com sua conta de operador do Gatehouse.',
  },
  authenticate: {
    title: 'Entrando',
    heading: 'Entrando',
    working: 'Verificando seu link de acesso…',
    failedHeading: 'Esse link de acesso não funcionou',
    backToSignIn: 'Voltar ao login',
  },
  theme: {
    label: 'Tema',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Escuro',
  },
};
