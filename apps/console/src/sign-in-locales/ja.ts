// Issue 27 item 1: the console's sign-in in Japanese (sign-in-strings.ts says why only the sign-in).
// Translator's notes: polite です/ます form, as in the web app; "コンソール" and "オペレーター" in katakana, as
// Japanese admin tools write them; "ログインリンク" for login link; theme names as Japanese OS settings show them.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Gatehouse コンソール',
  documentTitle: (page: string) => `${page} · Gatehouse コンソール`,
  signIn: {
    title: 'ログイン',
    heading: 'コンソールにログイン',
    intro: 'オペレーターは Gatehouse のオペレーターアカウントでログインします。',
  },
  authenticate: {
    title: 'ログイン中',
    heading: 'ログインしています',
    working: 'ログインリンクを確認しています…',
    failedHeading: 'このログインリンクは使用できませんでした',
    backToSignIn: 'ログインに戻る',
  },
  theme: {
    label: 'テーマ',
    system: 'システム',
    light: 'ライト',
    dark: 'ダーク',
  },
};
