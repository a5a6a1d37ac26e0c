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
  // Translator's note: "2 要素目" is avoided for "second factor" in favour of "2 段階目の認証" (the phrase Japanese
  // services use); the code form follows the web app's wording ("復旧コード", "認証アプリ").
  secondFactor: {
    title: '2 段階目の認証を設定',
    heading: '続けるには 2 段階目の認証を設定してください',
    body: 'コンソールでは、すべてのオペレーターに 2 段階目の認証が必要です。パスキー（お使いのデバイス、セキュリティキー、パスワードマネージャー）または認証アプリを設定してから続けてください。',
    continue: 'コンソールへ進む',
    checking: '確認しています…',
    stillRequired:
      'サーバーは引き続き 2 段階目の認証を求めています。上でパスキーを追加するか認証アプリを設定してから続けてください。',
    signOut: 'ログアウト',
  },
  confirmFactor: {
    title: 'ご本人確認',
    heading: 'ご本人であることを確認してください',
    body: 'ログインリンクでログインしました。コンソールでは、このために設定したパスキーも必要です。',
    bodyApp:
      'ログインリンクでログインしました。コンソールでは、このために設定した認証アプリのコードも必要です。',
    bodyBoth:
      'ログインリンクでログインしました。コンソールでは、パスキーまたは認証アプリのコードも必要です。',
    usePasskey: 'パスキーを使用',
    working: 'パスキーを待っています…',
    failed:
      'パスキーが受け付けられませんでした。もう一度お試しいただくか、ログアウトしてパスキーでログインしてください。',
    stillRequired: 'サーバーは引き続き 2 段階目の認証を求めています。上で使用してください。',
  },
  totp: {
    choiceHeading: 'または認証アプリを使用',
    choiceBody:
      'スマートフォンやパソコンで 30 秒ごとに新しい 6 桁のコードを表示するアプリです（1Password、Google Authenticator、Microsoft Authenticator、Authy など）。',
    setUp: '認証アプリを設定',
    heading: '認証アプリを設定',
    starting: '認証アプリを準備しています…',
    startFailed: '認証アプリを準備できませんでした。',
    tryAgain: '再試行',
    usePasskeyInstead: '代わりにパスキーを使用',
    scanStep: '1. この QR コードをアプリで読み取ってください。',
    qrAlt: 'Gatehouse コンソールを認証アプリに追加するための QR コード',
    secretLabel: 'または、このキーをアプリに入力してください:',
    copySecret: 'キーをコピー',
    secretCopied: 'キーをコピーしました。',
    codesStep: '2. 復旧コードを保存してください。',
    codesHeading: '復旧コード',
    codesHint:
      'アプリをなくしたとき、各コードで 1 回ログインできます。表示されるのは今だけです。パスワードマネージャーなど安全な場所に保管してください。',
    copyCodes: 'コードをコピー',
    downloadCodes: 'コードをダウンロード',
    codesCopied: 'コードをコピーしました。',
    copyFailed:
      'ここではコピーできませんでした。テキストを選択してコピーするか、ファイルをダウンロードしてください。',
    codesFileName: 'gatehouse-console-recovery-codes.txt',
    savedCodes: '復旧コードを保存しました',
    confirmStep: '3. アプリに表示されたコードを入力してください。',
    codeLabel: 'アプリの 6 桁のコード',
    savedFirst: '先に「復旧コードを保存しました」をオンにしてください。',
    confirm: '確認して続ける',
    enterCode: '認証アプリのコードを入力してください',
    or: 'または',
    submitCode: 'コードを確認',
    checkingCode: 'コードを確認しています…',
    wrongCode:
      'コードが正しくありません。アプリに表示されている Gatehouse コンソールの最新のコードを入力してください（コードは 30 秒ごとに変わります）。',
    tooMany: '試行回数が多すぎます。数分待ってから、新しいコードでもう一度お試しください。',
    codeFailed: 'コードを確認できませんでした。',
    confirmed: '確認しました。',
    useRecoveryCode: 'アプリをなくした場合は復旧コードを使用',
    useAppCode: 'アプリのコードを使用',
    recoveryLabel: '復旧コード',
    submitRecovery: '復旧コードを使用',
    wrongRecovery: 'この復旧コードは正しくないか、すでに使用されています。',
  },
};
