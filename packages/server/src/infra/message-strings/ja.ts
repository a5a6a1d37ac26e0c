// Issue 27 item 1: Japanese texts of the e-mails and text messages. Typed against en.ts (a missing key fails the
// typecheck). Translator's notes:
// - Polite form (です・ます) throughout; "ログイン" (the usual word on Japanese sites), "確認コード" for passcode,
//   "パスキー", "認証アプリ", "リカバリーコード". UI labels in 「」.
// - Japanese has no plural forms: every plural message has only `other`. Durations have no space ("10分").
// - The SMS is UCS-2 (70 characters a segment): it says only the code, whose code it is, the lifetime and "do not
//   share", 48 characters with a 9-letter project name (docs/localization-messages.md).
// - Full-width punctuation (。、：) except inside placeholders; the project name and addresses are inserted as is.
import type { MessageCatalog } from './index';

export const ja: MessageCatalog = {
  'email.pasteLink': 'または、次のリンクをブラウザに貼り付けてください：',

  'magicLink.login.subject': '{project}のログインリンク',
  'magicLink.login.action': 'ログイン',
  'magicLink.login.intro': '下のリンクをクリックして{project}にログインしてください。',
  'magicLink.signup.subject': '{project}の登録を完了してください',
  'magicLink.signup.action': '登録を完了する',
  'magicLink.signup.intro': '下のリンクをクリックして{project}のアカウント作成を完了してください。',
  'magicLink.outro':
    'このリンクの有効期限は{lifetime}で、1回だけ使えます。心当たりがない場合は、このメールを無視してください。',

  'otp.sms': '{code}は{project}の確認コードです。有効期限は{lifetime}です。他人に教えないでください。',
  'otp.login.subject': '{project}の確認コード',
  'otp.login.intro': '{project}にログインするには、次の確認コードを入力してください：',
  'otp.signup.subject': '{project}の登録を完了するための確認コード',
  'otp.signup.intro': '{project}のアカウント作成を完了するには、次の確認コードを入力してください：',
  'otp.outro':
    'この確認コードの有効期限は{lifetime}で、1回だけ使えます。心当たりがない場合は、このメールを無視してください。',

  'reset.requested.subject': '{project}のパスワードの再設定',
  'reset.requested.intro':
    '下のリンクをクリックして、{project}アカウントの新しいパスワードを設定してください。',
  'reset.belowPolicy.subject': '{project}の新しいパスワードを設定してください',
  'reset.belowPolicy.intro':
    '{project}に、現在{project}が求める長さより短いパスワードでログインしました。このパスワードは引き続き使えますが、下のリンクをクリックして新しいパスワードを設定してください。',
  'reset.action': 'パスワードを再設定',
  'reset.outro':
    'このリンクの有効期限は{lifetime}で、1回だけ使えます。心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',

  'signInAfterFailures.subject': {
    other: '{count}回の失敗の後、{project}アカウントに新しいログインがありました',
  },
  'signInAfterFailures.intro': {
    other:
      '{when}に、{count}回続けて失敗した後、あなたのパスワードで{project}アカウントにログインがありました。',
  },
  'signInAfterFailures.advice':
    'ご自身によるものであれば、何もする必要はありません。心当たりがない場合は、パスワードを知られている可能性があります。{project}のログインページの「パスワードをお忘れですか？」から、今すぐ再設定してください。',

  'notice.label.changed': '変更日時',
  'notice.label.signedIn': 'ログイン日時',
  'notice.label.lastAttempt': '最後の試行',
  'notice.label.device': 'デバイス',
  'notice.label.ip': 'IPアドレス',
  'notice.unknownDevice': '不明なデバイス',
  'notice.unknownIp': '不明',
  'notice.ifYou.nothing': 'ご自身によるものであれば、何もする必要はありません。',
  'notice.takeBack':
    '心当たりがない場合は、他の誰かがあなたのアカウントにログインしている可能性があります。今すぐご自身で{project}にログインし、{remove}、パスキー・認証アプリ・セッションを確認して、ログインページの「パスワードをお忘れですか？」からパスワードを再設定してください。',
  'notice.takeBack.plain':
    '心当たりがない場合は、他の誰かがあなたのアカウントにログインしている可能性があります。今すぐご自身で{project}にログインし、パスキー・認証アプリ・セッションを確認して、ログインページの「パスワードをお忘れですか？」からパスワードを再設定してください。',
  'notice.remove.passkey': 'このパスキーを削除し',
  'notice.remove.authenticator': '認証アプリを削除し',
  'notice.remove.setUpAuthenticatorAgain': '認証アプリを設定し直し',
  'notice.remove.email': 'このアドレスを削除し',
  'notice.remove.phone': 'この電話番号を削除し',
  'notice.closing':
    'これは{project}からの自動セキュリティ通知です。リンクは含まれておらず、パスワードやコードを求めることもありません。対応する場合は、ご自身で{project}のログインページを開いてください。お困りの場合は{project}のサポートにお問い合わせください。',
  'notice.sms': '{project}：{when}に{what}（{device}、IP {ip}）。{advice}',
  'notice.sms.takeBack':
    '心当たりがない場合はログインし、パスキーとセッションを確認、パスワードを再設定してください。',
  'notice.sms.resetAndReview':
    '心当たりがない場合は、今すぐパスワードを再設定し、セッションを確認してください。',

  'notice.passwordSet.subject': '{project}アカウントにパスワードが設定されました',
  'notice.passwordSet.happened':
    '{project}アカウントにパスワードが設定されました。今後はログインに使えます。',
  'notice.passwordSet.ifNotYou':
    '心当たりがない場合は、他の誰かがそのパスワードでログインできる状態です。{project}のログインページの「パスワードをお忘れですか？」から今すぐ再設定し、ログインしてパスキー・認証アプリ・セッションを確認してください。',
  'notice.passwordSet.sms': 'アカウントにパスワードが設定されました',

  'notice.passwordChanged.subject': '{project}のパスワードが変更されました',
  'notice.passwordChanged.happened':
    '{project}アカウントのパスワードが変更されました。他のセッションはログアウトされました。',
  'notice.passwordChanged.ifNotYou':
    '心当たりがない場合は、他の誰かが新しいパスワードを知っています。{project}のログインページの「パスワードをお忘れですか？」から今すぐ再設定し、ログインしてパスキー・認証アプリ・セッションを確認してください。',
  'notice.passwordChanged.sms': 'パスワードが変更されました',

  'notice.passkeyAdded.subject': '{project}アカウントにパスキーが追加されました',
  'notice.passkeyAdded.happened':
    '「{name}」という名前のパスキーが{project}アカウントに追加されました。このパスキーでログインできます。',
  'notice.passkeyAdded.sms': 'アカウントにパスキーが追加されました',

  'notice.passkeyRemoved.subject': '{project}アカウントからパスキーが削除されました',
  'notice.passkeyRemoved.happened':
    '「{name}」という名前のパスキーが{project}アカウントから削除されました。このパスキーではログインできなくなりました。',
  'notice.passkeyRemoved.sms': 'アカウントからパスキーが削除されました',

  'notice.totpAdded.subject': '{project}アカウントに認証アプリが追加されました',
  'notice.totpAdded.happened':
    '{project}アカウントの2段階認証に認証アプリが設定されました。今後はそのコードでログインできます。',
  'notice.totpAdded.sms': 'アカウントに認証アプリが追加されました',

  'notice.totpRemoved.subject': '{project}アカウントから認証アプリが削除されました',
  'notice.totpRemoved.happened':
    '{project}アカウントから認証アプリが削除されました。ログイン時にそのコードは求められなくなり、リカバリーコードも使えなくなりました。',
  'notice.totpRemoved.sms': 'アカウントから認証アプリが削除されました',

  'notice.emailAdded.subject': '{project}アカウントにメールアドレスが追加されました',
  'notice.emailAdded.happened':
    'メールアドレス {email} が{project}アカウントに追加されました。このアドレスでログインできます。',
  'notice.emailAdded.sms': 'アカウントにメールアドレスが追加されました',

  'notice.phoneAdded.subject': '{project}アカウントに電話番号が追加されました',
  'notice.phoneAdded.happened':
    '電話番号 {phone} が{project}アカウントに追加されました。この番号でログインできます。',
  'notice.phoneAdded.sms': 'アカウントに電話番号が追加されました',

  'notice.recoveryCodeUsed.subject': '{project}アカウントへのログインにリカバリーコードが使われました',
  'notice.recoveryCodeUsed.happened':
    '{project}アカウントのリカバリーコードの1つでログインがありました。{left}',
  'notice.recoveryCodeUsed.left': { other: '残りのリカバリーコードは{count}個です。' },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    'ご自身によるものであれば、認証アプリを設定し直して新しいリカバリーコードを取得してください。',
  'notice.recoveryCodeUsed.sms': 'リカバリーコードでログインがありました（残り{count}個）',

  'notice.passwordLocked.subject': '{project}アカウントへのパスワードでのログインがロックされました',
  'notice.passwordLocked.happened': {
    other: '{project}のパスワードは、{count}回続けて誤って入力されたため、ログインに使えなくなりました。',
  },
  'notice.passwordLocked.ifYou':
    'パスワードで再びログインするには、{project}のログインページの「パスワードをお忘れですか？」から再設定してください。',
  'notice.passwordLocked.ifNotYou':
    'これらの試行に心当たりがない場合は、誰かがパスワードを推測しようとしています。念のため再設定し、他では使っていないパスワードを選んでください。ログインできない場合は{project}のサポートにお問い合わせください。',
  'notice.passwordLocked.sms': {
    other: '{count}回続けて失敗したため、パスワードでのログインがロックされました',
  },
  'notice.passwordLocked.smsAdvice': 'パスワードを再設定すると再び使えます。',

  'notice.totpLocked.subject': '{project}アカウントの認証コードがロックされました',
  'notice.totpLocked.happened': {
    other:
      '誤ったコードが{count}回続けて入力されたため、認証アプリのコードで{project}アカウントにログインできなくなりました。',
  },
  'notice.totpLocked.ifYou':
    'ログインするには、代わりにリカバリーコードの1つを使い、その後で認証アプリを設定し直してください。',
  'notice.totpLocked.ifNotYou':
    'これらの試行に心当たりがない場合は、誰かが最初のログイン手順を突破しています。パスワードを再設定し、リカバリーコードでログインした後にセッションを確認してください。ログインできない場合は{project}のサポートにお問い合わせください。',
  'notice.totpLocked.sms': { other: '{count}回続けて失敗したため、認証コードがロックされました' },
  'notice.totpLocked.smsAdvice': 'リカバリーコードでログインしてください。',
};
