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
  // Translator's note: "zweiter Faktor" (BSI's term); the code form follows the web app's wording
  // ("Wiederherstellungscodes", "Authentifizierungs-App").
  secondFactor: {
    title: 'Zweiten Faktor einrichten',
    heading: 'Richten Sie einen zweiten Faktor ein, um fortzufahren',
    body: 'Die Konsole verlangt von jedem Operator einen zweiten Faktor: einen Passkey (Ihr Gerät, ein Sicherheitsschlüssel oder ein Passwortmanager) oder eine Authentifizierungs-App. Richten Sie einen ein und fahren Sie dann fort.',
    continue: 'Weiter zur Konsole',
    checking: 'Wird geprüft…',
    stillRequired:
      'Der Server verlangt weiterhin einen zweiten Faktor. Fügen Sie oben einen Passkey hinzu oder richten Sie eine Authentifizierungs-App ein und fahren Sie dann fort.',
    signOut: 'Abmelden',
  },
  confirmFactor: {
    title: 'Bestätigen Sie, dass Sie es sind',
    heading: 'Bestätigen Sie, dass Sie es sind',
    body: 'Sie haben sich mit einem Anmeldelink angemeldet. Die Konsole verlangt zusätzlich den Passkey, den Sie für sie eingerichtet haben.',
    bodyApp:
      'Sie haben sich mit einem Anmeldelink angemeldet. Die Konsole verlangt zusätzlich einen Code aus der Authentifizierungs-App, die Sie für sie eingerichtet haben.',
    bodyBoth:
      'Sie haben sich mit einem Anmeldelink angemeldet. Die Konsole verlangt zusätzlich Ihren Passkey oder einen Code aus Ihrer Authentifizierungs-App.',
    usePasskey: 'Meinen Passkey verwenden',
    working: 'Warten auf Ihren Passkey…',
    failed:
      'Ihr Passkey wurde nicht akzeptiert. Versuchen Sie es erneut, oder melden Sie sich ab und mit dem Passkey wieder an.',
    stillRequired: 'Der Server verlangt weiterhin Ihren zweiten Faktor. Verwenden Sie ihn oben.',
  },
  totp: {
    choiceHeading: 'Oder eine Authentifizierungs-App verwenden',
    choiceBody:
      'Eine App auf Ihrem Telefon oder Computer, die alle 30 Sekunden einen neuen 6-stelligen Code anzeigt (1Password, Google Authenticator, Microsoft Authenticator, Authy…).',
    setUp: 'Authentifizierungs-App einrichten',
    heading: 'Authentifizierungs-App einrichten',
    starting: 'Ihre Authentifizierungs-App wird vorbereitet…',
    startFailed: 'Die Authentifizierungs-App konnte nicht vorbereitet werden.',
    tryAgain: 'Erneut versuchen',
    usePasskeyInstead: 'Stattdessen einen Passkey verwenden',
    scanStep: '1. Scannen Sie diesen QR-Code mit der App.',
    qrAlt: 'QR-Code, um die Gatehouse-Konsole Ihrer Authentifizierungs-App hinzuzufügen',
    secretLabel: 'Oder geben Sie diesen Schlüssel in der App ein:',
    copySecret: 'Schlüssel kopieren',
    secretCopied: 'Schlüssel kopiert.',
    codesStep: '2. Speichern Sie Ihre Wiederherstellungscodes.',
    codesHeading: 'Wiederherstellungscodes',
    codesHint:
      'Jeder Code lässt Sie einmal hinein, falls Sie die App verlieren. Sie werden nur jetzt angezeigt: Bewahren Sie sie in einem Passwortmanager oder an einem sicheren Ort auf.',
    copyCodes: 'Codes kopieren',
    downloadCodes: 'Codes herunterladen',
    codesCopied: 'Codes kopiert.',
    copyFailed:
      'Kopieren hat hier nicht funktioniert. Markieren und kopieren Sie den Text, oder laden Sie die Datei herunter.',
    codesFileName: 'gatehouse-konsole-wiederherstellungscodes.txt',
    savedCodes: 'Ich habe meine Wiederherstellungscodes gespeichert',
    confirmStep: '3. Geben Sie den Code ein, den die App anzeigt.',
    codeLabel: '6-stelliger Code aus der App',
    savedFirst: 'Setzen Sie zuerst das Häkchen bei „Ich habe meine Wiederherstellungscodes gespeichert“.',
    confirm: 'Bestätigen und fortfahren',
    enterCode: 'Geben Sie einen Code aus Ihrer Authentifizierungs-App ein',
    or: 'oder',
    submitCode: 'Code bestätigen',
    checkingCode: 'Code wird geprüft…',
    wrongCode:
      'Dieser Code stimmt nicht. Geben Sie den neuesten Code ein, den die App für die Gatehouse-Konsole anzeigt (die Codes wechseln alle 30 Sekunden).',
    tooMany: 'Zu viele Versuche. Warten Sie einige Minuten und versuchen Sie es dann mit einem neuen Code.',
    codeFailed: 'Der Code konnte nicht geprüft werden.',
    confirmed: 'Bestätigt.',
    useRecoveryCode: 'App verloren? Wiederherstellungscode verwenden',
    useAppCode: 'Code aus der App verwenden',
    recoveryLabel: 'Wiederherstellungscode',
    submitRecovery: 'Wiederherstellungscode verwenden',
    wrongRecovery: 'Dieser Wiederherstellungscode stimmt nicht oder wurde bereits verwendet.',
  },
};
