// Issue 27 item 1: the console's sign-in in Arabic, right to left (sign-in-strings.ts says why only the sign-in).
// Translator's notes: Modern Standard Arabic, as in the web app; "وحدة التحكم" for console (Microsoft's Arabic term);
// "المشغّل" for operator; the product name stays in Latin letters, isolated by the browser as a left-to-right run.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'وحدة تحكم Gatehouse',
  documentTitle: (page: string) => `${page} · وحدة تحكم Gatehouse`,
  signIn: {
    title: 'تسجيل الدخول',
    heading: 'تسجيل الدخول إلى وحدة التحكم',
    intro: 'يسجّل المشغّلون الدخول بحساب المشغّل الخاص بهم في Gatehouse.',
  },
  authenticate: {
    title: 'جارٍ تسجيل الدخول',
    heading: 'جارٍ تسجيل دخولك',
    working: 'جارٍ التحقق من رابط تسجيل الدخول…',
    failedHeading: 'لم يعمل رابط تسجيل الدخول هذا',
    backToSignIn: 'العودة إلى تسجيل الدخول',
  },
  theme: {
    label: 'المظهر',
    system: 'النظام',
    light: 'فاتح',
    dark: 'داكن',
  },
};
