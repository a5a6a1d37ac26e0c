// Issue 27 item 1: the web application in German. Same shape as strings.ts (typed WebStrings: a missing key fails
// the typecheck), loaded on demand (locale.ts).
//
// Translator's notes:
// - "Sie" throughout: an account and security page; German banks, public services and most account pages use it,
//   and "du" would sound overly casual when the page talks about signing devices out.
// - "Anmelden" / "Abmelden" for sign in / sign out; "Passkey" stays "Passkey" (Apple, Google and Microsoft ship the
//   English word in German); "Wiederherstellungscodes" for recovery codes (Google's and Microsoft's term).
// - German runs 20–35 % longer than English and builds long compounds ("Authentifizierungs-App"); button texts were
//   kept short ("Code senden", not "Bestätigungscode senden") and checked at 320 px.
// - Progress texts take the passive "Wird …" German interfaces use ("Wird gesendet…").
import { EN_STRINGS, type WebStrings } from '../strings';
import { pluralCategory } from './format';

export const strings: WebStrings = {
  productName: 'Gatehouse',
  documentTitle: {
    signIn: 'Anmelden · Gatehouse',
    account: 'Ihr Konto · Gatehouse',
    authenticate: 'Sie werden angemeldet · Gatehouse',
    resetPassword: 'Passwort zurücksetzen · Gatehouse',
    stepUp: 'Bestätigung in zwei Schritten · Gatehouse',
    notFound: 'Seite nicht gefunden · Gatehouse',
    configurationError: 'Konfigurationsfehler · Gatehouse',
  },
  navigation: {
    label: 'Hauptnavigation',
    signIn: 'Anmelden',
    account: 'Konto',
  },
  footer: {
    label: 'Entwicklerwerkzeuge',
    devOutbox: 'Entwicklungs-Postausgang',
    devOutboxHint: 'in der Entwicklung gesendete E-Mails und SMS',
    language: 'Sprache',
  },
  signIn: {
    heading: 'Bei Gatehouse anmelden',
    widgetPlaceholder: 'Das Anmelde-Widget ist in diesem Build nicht verfügbar.',
    signedInAs: (email: string) => `Sie sind als ${email} angemeldet.`,
    signedIn: 'Sie sind angemeldet.',
    goToAccount: 'Zu Ihrem Konto',
  },
  account: {
    heading: 'Ihr Konto',
    loading: 'Ihr Konto wird geladen…',
    signedOut: 'Sie sind nicht angemeldet.',
    backToSignIn: 'Anmelden',
    emails: 'E-Mail-Adressen',
    noEmails: 'Keine E-Mail-Adresse',
    verified: 'bestätigt',
    unverified: 'nicht bestätigt',
    sessionStarted: 'Angemeldet',
    signOut: 'Auf diesem Gerät abmelden',
    signingOut: 'Wird abgemeldet…',
    signOutFailed: 'Die Abmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    passkeysSection: 'Passkeys',
    loadFailed: 'Das konnte nicht geladen werden. Es wird gleich erneut versucht.',
    retry: 'Erneut versuchen',
    remove: 'Entfernen',
    removing: 'Wird entfernt…',
    removeItem: (item: string) => `${item} entfernen`,
    removed: (item: string) => `${item} wurde entfernt.`,
    removeFailed: 'Das konnte nicht entfernt werden. Bitte versuchen Sie es erneut.',
    contactSection: 'E-Mail-Adressen und Telefonnummern',
    phoneNumbers: 'Telefonnummern',
    noPhoneNumbers: 'Keine Telefonnummer',
    addEmailHeading: 'E-Mail-Adresse hinzufügen',
    addPhoneHeading: 'Telefonnummer hinzufügen',
    newEmailLabel: 'Neue E-Mail-Adresse',
    newPhoneLabel: 'Neue Telefonnummer (mit Ländervorwahl, z. B. +4915112345678)',
    sendCode: 'Code senden',
    sendingCode: 'Wird gesendet…',
    sendLinkInstead: 'Stattdessen einen Anmeldelink senden',
    codeSentTo: (destination: string) => `Ein 6-stelliger Code wurde an ${destination} gesendet.`,
    linkSentTo: (destination: string) =>
      `Ein Anmeldelink wurde an ${destination} gesendet. Öffnen Sie ihn in diesem Browser, um die Adresse hinzuzufügen.`,
    codeLabel: 'Code',
    verify: 'Bestätigen',
    verifying: 'Wird geprüft…',
    cancel: 'Abbrechen',
    sendFailed:
      'Der Code konnte nicht gesendet werden. Bitte prüfen Sie die Adresse und versuchen Sie es erneut.',
    verifyFailed: 'Dieser Code hat nicht funktioniert. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
    contactAdded: (destination: string) => `${destination} wurde hinzugefügt.`,
    totpSection: 'Authentifizierungs-App',
    totpOff:
      'Es ist keine Authentifizierungs-App eingerichtet. Sie fügt als zweiten Schritt einen Code von Ihrem Telefon hinzu.',
    totpOn: 'Eine Authentifizierungs-App ist eingerichtet.',
    totpSetUp: 'Authentifizierungs-App einrichten',
    totpStarting: 'Wird gestartet…',
    totpStartFailed: 'Die Einrichtung konnte nicht starten. Bitte versuchen Sie es erneut.',
    totpScan: 'Scannen Sie diesen QR-Code mit Ihrer Authentifizierungs-App.',
    totpQrAlt: 'QR-Code, um dieses Konto einer Authentifizierungs-App hinzuzufügen',
    totpSecretLabel: 'Oder geben Sie diesen Schlüssel von Hand ein:',
    recoveryCodesHeading: 'Wiederherstellungscodes',
    recoveryCodesHint:
      'Jeder Code meldet Sie einmal an, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt angezeigt: Bewahren Sie sie sicher auf.',
    copyCodes: 'Codes kopieren',
    codesCopied: 'Die Wiederherstellungscodes wurden kopiert.',
    copyFailed: 'Die Codes konnten nicht kopiert werden; markieren und kopieren Sie sie von Hand.',
    downloadCodes: 'Codes herunterladen',
    // Translator's note: a file name, so ASCII only.
    recoveryCodesFileName: 'gatehouse-wiederherstellungscodes.txt',
    savedCodes: 'Ich habe meine Wiederherstellungscodes gespeichert',
    totpCodeLabel: 'Code aus der App',
    totpConfirm: 'Einrichtung abschließen',
    totpConfirmHint: 'Speichern Sie zuerst Ihre Wiederherstellungscodes und setzen Sie das Häkchen.',
    totpEnabled: 'Die Authentifizierungs-App ist eingerichtet.',
    totpRemoveLabel: 'Authentifizierungs-App entfernen',
    totpName: 'Die Authentifizierungs-App',
    recoveryCodesRemaining: (count: number) =>
      pluralCategory('de', count) === 'one'
        ? `Noch ${count} Wiederherstellungscode übrig.`
        : `Noch ${count} Wiederherstellungscodes übrig.`,
    sessionsSection: 'Aktive Sitzungen',
    thisDevice: 'Dieses Gerät',
    unknownDevice: 'Unbekanntes Gerät',
    lastActive: 'Zuletzt aktiv',
    ipAddress: 'IP-Adresse',
    signOutOthers: 'Überall sonst abmelden',
    signingOutOthers: 'Wird abgemeldet…',
    signedOutOthers: (count: number) =>
      pluralCategory('de', count) === 'one'
        ? `${count} andere Sitzung abgemeldet.`
        : `${count} andere Sitzungen abgemeldet.`,
    signOutOthersFailed:
      'Die anderen Sitzungen konnten nicht abgemeldet werden. Bitte versuchen Sie es erneut.',
    noOtherSessions: 'Keine andere Sitzung ist angemeldet.',
    signOutSession: 'Abmelden',
    signOutSessionLabel: (device: string) => `${device} abmelden`,
    confirmSignOutSessionTitle: (device: string) => `${device} abmelden?`,
    confirmSignOutSession: 'Dieses Gerät bzw. dieser Browser wird sofort von diesem Konto abgemeldet.',
    signedOutSession: (device: string) => `${device} wurde abgemeldet.`,
    signOutSessionFailed: 'Diese Sitzung konnte nicht abgemeldet werden. Bitte versuchen Sie es erneut.',
    dismiss: 'Schließen',
    dismissToast: (message: string) => `Schließen: ${message}`,
    notifications: 'Benachrichtigungen',
    providersSection: 'Verknüpfte Konten',
    noProviders: 'Es ist kein Konto eines sozialen Netzwerks verknüpft.',
    unlink: 'Trennen',
    unlinkProvider: (provider: string) => `${provider} trennen`,
    unlinking: 'Wird getrennt…',
    unlinked: (provider: string) => `${provider} wurde getrennt.`,
    unlinkFailed: 'Dieses Konto konnte nicht getrennt werden. Bitte versuchen Sie es erneut.',
    // Brand names stay as their owners write them: the English table's, shared.
    providerNames: EN_STRINGS.account.providerNames,
    profileSection: 'Profil',
    nameLabel: 'Name',
    primaryEmailLabel: 'E-Mail-Adresse',
    primaryPhoneLabel: 'Telefonnummer',
    memberSince: 'Mitglied seit',
    passkeysIntro: 'Mit Passkeys melden Sie sich per Fingerabdruck, Gesicht oder Bildschirmsperre an.',
    noPasskeysYet:
      'Sie haben noch keine Passkeys. Fügen Sie einen hinzu, um sich ohne Passwort oder Code anzumelden.',
    passkeyCreated: 'Hinzugefügt',
    passkeyLastUsed: 'Zuletzt verwendet',
    passkeyNeverUsed: 'Noch nicht verwendet',
    unnamedPasskey: 'Passkey',
    addPasskey: 'Passkey hinzufügen',
    addingPasskey: 'Wird hinzugefügt…',
    passkeyAdded: 'Der Passkey wurde hinzugefügt.',
    passkeyAddFailed: 'Der Passkey wurde nicht hinzugefügt. Bitte versuchen Sie es erneut.',
    rename: 'Umbenennen',
    renamePasskey: (name: string) => `${name} umbenennen`,
    passkeyNameLabel: 'Name des Passkeys',
    save: 'Speichern',
    saving: 'Wird gespeichert…',
    passkeyNameEmpty: 'Geben Sie einen Namen für diesen Passkey ein.',
    passkeyRenamed: (name: string) => `Der Passkey heißt jetzt ${name}.`,
    renameFailed: 'Der Passkey konnte nicht umbenannt werden. Bitte versuchen Sie es erneut.',
    deletePasskey: (name: string) => `${name} löschen`,
    delete: 'Löschen',
    deleting: 'Wird gelöscht…',
    confirmRemoveTitle: (item: string) => `${item} entfernen?`,
    confirmRemoveEmail:
      'Sie können sich dann nicht mehr mit dieser E-Mail-Adresse anmelden oder Nachrichten an sie empfangen.',
    confirmRemovePhone:
      'Sie können sich dann nicht mehr mit dieser Telefonnummer anmelden oder Codes an sie empfangen.',
    confirmRemoveTotpTitle: 'Authentifizierungs-App entfernen?',
    confirmRemoveTotp:
      'Die Anmeldung in zwei Schritten wird deaktiviert: Beim Anmelden wird kein Code aus der App mehr abgefragt, und Ihre Wiederherstellungscodes funktionieren nicht mehr.',
    confirmDeletePasskeyTitle: (name: string) => `Passkey ${name} löschen?`,
    confirmDeletePasskey:
      'Sie können sich dann nicht mehr mit diesem Passkey anmelden. Er kann noch in Ihrem Passwortmanager erscheinen; entfernen Sie ihn auch dort.',
    confirmUnlinkTitle: (provider: string) => `${provider} trennen?`,
    confirmUnlink: (provider: string) => `Sie können sich dann nicht mehr mit ${provider} anmelden.`,
    confirmSignOutOthersTitle: 'Überall sonst abmelden?',
    confirmSignOutOthers:
      'Alle anderen Geräte und Browser, die bei diesem Konto angemeldet sind, werden abgemeldet.',
    lastWayToSignIn:
      'Dies ist Ihre einzige Anmeldemöglichkeit. Fügen Sie eine weitere hinzu, bevor Sie sie entfernen.',
    walletsSection: 'Wallets',
    removeWallet: (address: string) => `Wallet ${address} entfernen`,
    removeWalletConfirm: 'Entfernen',
    removingWallet: 'Wird entfernt…',
    confirmRemoveWalletTitle: 'Dieses Wallet entfernen?',
    confirmRemoveWallet: (address: string) =>
      `Sie können sich dann nicht mehr mit dem Wallet ${address} anmelden.`,
    walletRemoved: (address: string) => `Das Wallet ${address} wurde entfernt.`,
    walletRemoveFailed: 'Das Wallet konnte nicht entfernt werden. Bitte versuchen Sie es erneut.',
    noWallets: 'Es ist kein Wallet verknüpft.',
  },
  authenticate: {
    heading: 'Sie werden angemeldet',
    failedHeading: 'Dieser Anmeldelink hat nicht funktioniert',
    failedHint:
      'Anmeldelinks funktionieren nur einmal und laufen ab. Fordern Sie auf der Anmeldeseite einen neuen an.',
    oauthFailedHeading: 'Die Anmeldung über das soziale Netzwerk wurde nicht abgeschlossen',
    oauthFailedHint:
      'Gehen Sie zurück zur Anmeldeseite und versuchen Sie es erneut, oder wählen Sie eine andere Anmeldemöglichkeit.',
    providerDetail: 'Details:',
    backToSignIn: 'Zurück zur Anmeldung',
  },
  stepUp: {
    heading: 'Bestätigung in zwei Schritten',
    codeIntro: 'Geben Sie den Code aus Ihrer Authentifizierungs-App ein',
    codeLabel: '6-stelliger Code',
    codeHint:
      'Öffnen Sie Ihre Authentifizierungs-App und geben Sie den 6-stelligen Code ein, den sie für dieses Konto anzeigt.',
    verify: 'Bestätigen',
    verifying: 'Wird geprüft…',
    useRecoveryCode: 'Wiederherstellungscode verwenden',
    recoveryIntro:
      'Geben Sie einen der Wiederherstellungscodes ein, die Sie bei der Einrichtung Ihrer Authentifizierungs-App gespeichert haben',
    recoveryLabel: 'Wiederherstellungscode',
    recoveryHint: 'Jeder Wiederherstellungscode funktioniert nur einmal.',
    useRecoveryCodeSubmit: 'Wiederherstellungscode verwenden',
    useAuthenticatorApp: 'Stattdessen Ihre Authentifizierungs-App verwenden',
    totpLocked:
      'Ihre Authentifizierungs-App ist nach zu vielen falschen Codes gesperrt. Geben Sie einen Ihrer Wiederherstellungscodes ein, um fortzufahren; damit wird die App entsperrt.',
    signOut: 'Abmelden',
    checking: 'Ihre Anmeldung wird geprüft…',
    genericError: 'Das hat nicht funktioniert. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  },
  resetPassword: {
    // Translator's note: the widget's own title on this page is "Passwort zurücksetzen"; the page's heading differs.
    heading: 'Zurücksetzen des Passworts',
    missingToken: 'Dieser Link zum Zurücksetzen ist unvollständig.',
    missingTokenHint:
      'Links zum Zurücksetzen funktionieren nur einmal und laufen ab. Fordern Sie auf der Anmeldeseite einen neuen an.',
    continueToAccount: 'Weiter zu Ihrem Konto',
    backToSignIn: 'Zurück zur Anmeldung',
  },
  notFound: {
    heading: 'Seite nicht gefunden',
    body: 'Unter dieser Adresse gibt es nichts.',
    backToSignIn: 'Zur Anmeldeseite',
  },
  configurationError: {
    heading: 'Konfigurationsfehler',
    missingToken:
      'Diese Seite hat kein öffentliches Token. Öffnen Sie sie über den Gatehouse-Server (npm start), nicht als Datei oder nur über den Vite-Entwicklungsserver.',
  },
};
