// Issue 27 item 1: the console's sign-in in Spanish (sign-in-strings.ts says why only the sign-in).
// Translator's notes: "tú", as in the web app; "operador" for operator (gender-neutral in use here as in most admin
// tools); "enlace de acceso" for login link, as in the web app.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Consola de Gatehouse',
  documentTitle: (page: string) => `${page} · Consola de Gatehouse`,
  signIn: {
    title: 'Iniciar sesión',
    heading: 'Inicia sesión en la consola',
    intro: 'Los operadores inician sesión con su cuenta de operador de Gatehouse.',
  },
  authenticate: {
    title: 'Iniciando sesión',
    heading: 'Iniciando sesión',
    working: 'Comprobando tu enlace de acceso…',
    failedHeading: 'Ese enlace de acceso no funcionó',
    backToSignIn: 'Volver a iniciar sesión',
  },
  theme: {
    label: 'Tema',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Oscuro',
  },
};
