// Issue 27 item 1: German. Translator's notes:
// - Address: „Sie“ throughout (standard for account and security forms; „du“ only where a brand chose it — a page
//   can override any key through `strings`).
// - "Passkey": „Passkey“ (der Passkey, plural Passkeys): the term Apple, Google and Microsoft use in German.
// - "Sign up or log in" → „Registrieren oder anmelden“; "log in" is „anmelden“ everywhere (never „einloggen“).
// - German runs ~30 % longer than English: button texts were kept short („Weiter mit E-Mail“) so they fit 320px.
// - Plurals: „Zeichen“ is the same in singular and plural, so no ICU plural is needed.
// - Provider and wallet names are brands: unchanged.

import { PROVIDER_NAME_STRINGS } from '../methods/oauth/provider-names';
import type { LocaleTable } from './table';

export const de: LocaleTable = {
  mainHeader: 'Registrieren oder anmelden',
  logoAlt: 'Logo',
  dividerText: 'oder',
  poweredBy: 'Bereitgestellt von Gatehouse',
  loadingSection: 'Wird geladen…',
  configErrorPasskeysOnly:
    'Fehler: Passkeys können nicht allein verwendet werden. Bitte fügen Sie der Konfiguration ein weiteres Produkt hinzu.',
  configErrorEmlAndEmailOtp:
    'Fehler: Anmeldelinks und E-Mail-Codes können nicht gleichzeitig verwendet werden',
  tabText: 'SMS',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'E-Mail',
  emailLabel: 'E-Mail',
  emailPlaceholder: 'beispiel@email.com',
  continueWithEmail: 'Weiter mit E-Mail',
  invalidEmailAddress: 'Ungültige E-Mail-Adresse',
  opensInNewTab: '(öffnet in einem neuen Tab)',
  didNotGetIt: 'Nichts angekommen?',
  resendEmail: 'E-Mail erneut senden',
  emailResent: 'E-Mail erneut gesendet',
  invalidPhoneNumber: 'Ungültige Telefonnummer, bitte versuchen Sie es erneut.',
  back: 'Zurück',
  invalidPasscode: 'Ungültiger Code, bitte versuchen Sie es erneut.',
  passkeyRegistrationNotFound:
    'Passkey nicht gefunden. Vielleicht haben Sie ihn aus Ihrem Konto gelöscht, aber nicht aus Ihrem Passwortmanager. Bitte versuchen Sie es erneut.',
  passkeyUnknownError:
    'Bei der Anmeldung mit dem Passkey ist ein unbekannter Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  passkeyAlreadyRegistered:
    'Der Passkey kann nicht erstellt werden, da er offenbar bereits registriert ist. Möglicherweise wurde er auf einem anderen Gerät registriert und synchronisiert.',
  passkeyNotCreated:
    'Ihr Passkey wurde nicht erstellt. Klicken Sie auf „Passkey erstellen“, um es erneut zu versuchen, oder überspringen Sie diesen Schritt.',
  loginSuccessTitle: 'Geschafft!',
  loginSuccessText: 'Sie haben sich erfolgreich angemeldet.',
  loggingIn: 'Anmeldung',
  authenticating: 'Sie werden angemeldet…',
  missingToken: 'Dieser Anmeldelink ist unvollständig. Bitte fordern Sie einen neuen an.',
  unsupportedTokenType: 'Dieser Anmeldelink wird hier nicht unterstützt. Bitte fordern Sie einen neuen an.',
  oauthAccessDenied:
    'Die Anmeldung wurde beim Anbieter abgebrochen. Es wurde nichts mit dieser Website geteilt.',
  oauthFailed: 'Der Anbieter konnte Sie nicht anmelden. Bitte versuchen Sie es erneut.',
  resetPasswordTitle: 'Passwort zurücksetzen',
  continue: 'Weiter',
  configErrorResetPasswordWithoutPasswords:
    'Fehler: Die Komponente ResetPassword benötigt das Produkt passwords in der Konfiguration.',
  passkeyRegistrationTitle: 'Neuen Passkey einrichten',
  skip: 'Überspringen',
  passkeyCreatedTitle: 'Passkey erstellt!',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  save: 'Speichern',
  cancel: 'Abbrechen',
  passkeyRegistrationWithoutUser:
    'Fehler: Die Komponente PasskeyRegistration benötigt einen angemeldeten Benutzer.',
  continueWithProvider: 'Weiter mit {provider}',
  oneTapRegion: 'Mit Google One Tap anmelden',
  errorHelpLink: 'Mehr erfahren',
  genericError: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  dismiss: 'Schließen',
  notificationsLabel: 'Benachrichtigungen',
  loginLinkUnusable:
    'Dieser Anmeldelink ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
  startedInOtherBrowser:
    'Diese Anmeldung muss in dem Browser abgeschlossen werden, in dem sie begonnen wurde. Bitte beginnen Sie hier neu.',
  socialSignInUnusable:
    'Diese Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte beginnen Sie neu.',
  emailTaken: 'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.',
  phoneNumberTaken: 'Diese Telefonnummer wird bereits von einem anderen Konto verwendet.',
  serviceUnreachable: 'Die Gatehouse-Server sind nicht erreichbar. Sind Sie online?',

  walletVessel: 'Vessel',
  walletPhantom: 'Phantom',
  walletMetamask: 'Metamask',
  walletCoinbase: 'Coinbase',
  walletBinance: 'Binance',
  walletOtherEthereum: 'Andere Ethereum-Wallet',
  walletOtherSolana: 'Andere Solana-Wallet',
  continueWithOtherCryptoWallet: 'Weiter mit einer anderen Krypto-Wallet',
  setUpNewCryptoWallet: 'Neue Krypto-Wallet einrichten',
  cryptoOtherTitle: 'Weiter mit einer anderen Wallet',
  cryptoSetupTitle: 'Neue Krypto-Wallet einrichten',
  cryptoSetupText: 'Die Anmeldung mit einer Krypto-Wallet hilft, Ihr Konto privat und sicher zu halten.',
  cryptoSetupGetStarted:
    'Laden Sie zunächst eine Ethereum- oder Solana-Wallet herunter. Unten finden Sie einige Beispiele für Wallet-Erweiterungen. Sobald Ihre Wallet eingerichtet ist, können Sie sich damit anmelden!',
  cryptoConnectTitle: 'Verbindung mit Ihrer Wallet…',
  cryptoConnectText: 'Schließen Sie die Anmeldung im Wallet-Fenster in der Ecke Ihres Bildschirms ab.',
  cryptoSignTitle: 'Signaturanfrage wird abgeschlossen…',
  cryptoSignText: 'Bestätigen Sie die Signaturanfrage im Wallet-Fenster in der Ecke Ihres Bildschirms.',
  cryptoTrouble:
    'Probleme? Kehren Sie mit dem Zurück-Pfeil zum Hauptbildschirm zurück und melden Sie sich erneut an.',
  cryptoConfirmationTitle: 'Geschafft!',
  cryptoConfirmationText: 'Ihre Wallet ist verbunden.',
  cryptoErrorTitle: 'Da ist ein Fehler aufgetreten!',
  cryptoErrorText:
    'Ihre Anmeldung konnte nicht abgeschlossen werden. Kehren Sie mit dem Zurück-Pfeil zur Anmeldung zurück und versuchen Sie es erneut.',
  cryptoConnectFailed: '[Fehler] Verbindung zur Wallet fehlgeschlagen',
  cryptoSignFailed: '[Fehler] Nachricht konnte nicht signiert werden',

  checkYourEmail: 'Prüfen Sie Ihre E-Mails',
  emailSentTo: 'Eine E-Mail wurde an {email} gesendet.',
  openGmail: 'Gmail öffnen',
  openYahoo: 'Yahoo öffnen',
  openOutlook: 'Outlook öffnen',
  tryAgain: 'Erneut versuchen',

  // Brand names: the English table's, shared.

  ...PROVIDER_NAME_STRINGS,
  oneTapLoading: 'Google One Tap wird geladen…',
  oneTapOriginNotAllowed:
    'One Tap kann nicht angezeigt werden: Dieser Host ist für das Projekt nicht zugelassen. Fügen Sie ihn den autorisierten Ursprüngen des Google-Clients und des Projekts hinzu.',
  oneTapInvalidClient:
    'One Tap kann nicht angezeigt werden: Google erkennt die Client-ID nicht. Sie muss zum Google-Client des Projekts passen.',
  oneTapConfigNotFound:
    'One Tap kann nicht angezeigt werden: Für dieses Projekt ist kein Google-OAuth-Client konfiguriert.',
  oneTapNoLoginRedirectUrls:
    'One Tap benötigt eine Login-Weiterleitungs-URL. Legen Sie eine für das Projekt fest.',
  oneTapNoSignupRedirectUrls:
    'One Tap benötigt eine Registrierungs-Weiterleitungs-URL. Legen Sie eine für das Projekt fest.',
  oneTapDefaultProviderNotAllowed:
    'One Tap kann nicht angezeigt werden: Der Standard-OAuth-Anbieter dieses Projekts ist nicht mit One Tap kompatibel.',

  phoneLabel: 'Telefonnummer',
  countryLabel: 'Land',
  countryOption: '{country} (+{code})',
  countryCompact: '{region} +{code}',
  phonePlaceholder: '0151 23456789',
  continueWithText: 'Weiter per SMS',
  continueWithWhatsApp: 'Weiter mit WhatsApp',
  continueWithEmailPasscode: 'Weiter mit E-Mail',
  invalidEmail: 'Ungültige E-Mail, bitte versuchen Sie es erneut.',
  enterPasscode: 'Code eingeben',
  passcodeSentTo: 'Ein 6-stelliger Code wurde an {destination} gesendet.',
  passcodeLabel: 'Einmalcode',
  verifyingPasscode: 'Code wird geprüft…',
  codeExpiresIn: 'Ihr Code läuft in {time} ab.',
  codeExpired: 'Ihr Code ist abgelaufen.',
  didNotGetCode: 'Nichts angekommen?',
  resendCode: 'Code erneut senden',
  codeResent: 'Code erneut gesendet',
  otpConfirmationTitle: 'Geschafft',
  otpConfirmationText: 'Ihr Code wurde erfolgreich bestätigt.',
  passcodeExpired: 'Dieser Code ist abgelaufen. Mit „Code erneut senden“ erhalten Sie einen neuen.',

  passkeyRegistrationText:
    'Mit Passkeys melden Sie sich per Fingerabdruck, Gesichtserkennung oder Bildschirmsperre an – ohne Passwort oder Code.',
  createPasskey: 'Passkey erstellen',
  existingPasskeys: 'Vorhandene Passkeys',
  noPasskeys: 'Noch keine Passkeys.',
  setUpAnotherPasskey: 'Weiteren Passkey einrichten',
  done: 'Fertig',
  editPasskey: '{name} bearbeiten',
  deletePasskey: '{name} löschen',
  passkeyNameLabel: 'Name des Passkeys',
  deleteWarning: 'Ein gelöschter Passkey kann nicht wiederhergestellt werden.',
  deleteConfirm: 'Löschen',
  yourPasskeys: 'Ihre Passkeys',
  passkeysDoneTitle: 'Alles eingerichtet',
  passkeysDoneText: 'Ihre Passkeys sind gespeichert. Sie können sich mit jedem davon anmelden.',
  managePasskeys: 'Passkeys verwalten',
  passkeyNameRequired: 'Geben Sie diesem Passkey einen Namen.',

  loginWithPasskey: 'Mit Passkey anmelden',
  passkeyConfirmationTitle: 'Geschafft',
  passkeyConfirmationText: 'Ihr Passkey wurde erfolgreich bestätigt.',

  passwordLoginTitle: 'Anmelden',
  passwordLabel: 'Passwort',
  showPassword: 'Passwort anzeigen',
  forgotPassword: 'Passwort vergessen?',
  passwordCreateTitle: 'Konto erstellen',
  passwordCreateText: 'Legen Sie ein Passwort fest, um Ihr Konto fertig einzurichten.',
  chooseHowToCreate: 'Wählen Sie, wie Sie Ihr Konto erstellen möchten.',
  emailMeLoginLink: 'Anmeldelink per E-Mail senden',
  emailMeLoginCode: 'Anmeldecode per E-Mail senden',
  passwordForgotTitle: 'Passwort vergessen?',
  passwordForgotText: 'Ein Link zum Zurücksetzen Ihres Passworts wurde an {email} gesendet.',
  passwordBreachedTitle: 'Prüfen Sie Ihre E-Mails, um ein neues Passwort festzulegen',
  passwordBreachedText:
    'Eine andere Website, auf der Sie dasselbe Passwort verwenden, hatte kürzlich einen Sicherheitsvorfall. Zu Ihrer Sicherheit wurde eine E-Mail zum Zurücksetzen Ihres Passworts an {email} gesendet.',
  passwordSetNewTitle: 'Prüfen Sie Ihre E-Mails!',
  passwordSetNewText: 'Ein Anmeldelink wurde an {email} gesendet.',
  passwordDedupeTitle: 'Prüfen Sie Ihre E-Mails, um ein neues Passwort festzulegen!',
  passwordDedupeText:
    'Wir möchten sicherstellen, dass Ihr Konto geschützt ist und wirklich Sie sich anmelden. Ein Link zum Festlegen eines neuen Passworts wurde an {email} gesendet.',
  loginWithoutPassword: 'Ohne Passwort anmelden',
  passwordConfirmationTitle: 'Geschafft!',
  passwordConfirmationText: 'Sie haben sich erfolgreich angemeldet.',
  passwordResetConfirmationTitle: 'Passwort geändert',
  passwordResetConfirmationText: 'Ihr Passwort wurde geändert und Sie sind jetzt angemeldet.',
  passwordStrength: 'Passwortstärke: {score} von 4',
  passwordAccepted: 'Passwort akzeptiert.',
  passwordNotAccepted: 'Passwort nicht akzeptiert.',
  ludsMinimumLength: 'Mindestens {count} Zeichen lang',
  ludsComplexity:
    'Muss {count} der folgenden enthalten: Großbuchstabe, Kleinbuchstabe, Ziffer, Sonderzeichen',
  requirementMet: 'Erfüllt:',
  requirementNotMet: 'Nicht erfüllt:',
  passwordBreachedWarning:
    'Dieses Passwort wurde möglicherweise auf einer anderen Website verwendet, die einen Sicherheitsvorfall hatte. Bitte wählen Sie ein anderes Passwort.',
  hidePassword: 'Passwort verbergen',
  passwordMinimumLengthHint: 'Mindestens {count} Zeichen.',
  passwordHintKeyboardRow: 'Nebeneinanderliegende Tasten sind leicht zu erraten.',
  passwordHintKeyboardPattern: 'Kurze Tastaturmuster sind leicht zu erraten.',
  passwordHintRepeat: 'Wiederholte Zeichen wie „aaa“ sind leicht zu erraten.',
  passwordHintRepeatPattern: 'Wiederholte Muster wie „abcabcabc“ sind leicht zu erraten.',
  passwordHintSequence: 'Folgen wie „abc“ oder „123“ sind leicht zu erraten.',
  passwordHintRecentYear: 'Jahreszahlen der letzten Jahre sind leicht zu erraten.',
  passwordHintDate: 'Daten sind leicht zu erraten.',
  passwordHintVeryCommon: 'Dies ist eines der meistverwendeten Passwörter.',
  passwordHintCommon: 'Dies ist ein häufig verwendetes Passwort.',
  passwordHintSimilarToCommon: 'Das ähnelt zu sehr einem häufig verwendeten Passwort.',
  passwordHintSingleWord: 'Ein einzelnes Wort ist leicht zu erraten.',
  passwordHintName: 'Namen sind leicht zu erraten.',
  passwordHintPersonalData: 'Verwenden Sie weder Ihren Namen noch Ihre E-Mail-Adresse im Passwort.',
  passwordHintBreached: 'Dieses Passwort ist in einem Datenleck aufgetaucht.',
  passwordHintSubstitution:
    'Buchstaben durch ähnliche Zeichen zu ersetzen (etwa „@“ für „a“), macht ein Wort nicht schwerer zu erraten.',
  passwordHintReversed: 'Rückwärts geschriebene gängige Wörter sind leicht zu erraten.',
  passwordHintAllCaps: 'Schreiben Sie einige Buchstaben groß, aber nicht alle.',
  passwordHintCapitalization: 'Schreiben Sie mehr als den ersten Buchstaben groß.',
  passwordHintPersonalDates: 'Vermeiden Sie Daten und Jahre, die Ihnen etwas bedeuten.',
  passwordHintAvoidRecentYears: 'Vermeiden Sie Jahreszahlen der letzten Jahre.',
  passwordHintAvoidSequences: 'Vermeiden Sie Folgen wie „abc“ oder „123“.',
  passwordHintAvoidRepeats: 'Vermeiden Sie wiederholte Wörter und Zeichen.',
  passwordHintLongerPattern: 'Verwenden Sie längere Tastaturmuster, die mehrmals die Richtung wechseln.',
  passwordHintMoreWords: 'Fügen Sie ein paar weniger gebräuchliche Wörter hinzu.',
  passwordHintUseWords: 'Verwenden Sie mehrere Wörter, aber keine bekannte Redewendung.',
  passwordHintNoSymbolsNeeded:
    'Ein langes Passwort braucht keine Sonderzeichen, Ziffern oder Großbuchstaben, um stark zu sein.',
  passwordHintChangeElsewhere: 'Wenn Sie dieses Passwort anderswo verwenden, ändern Sie es dort ebenfalls.',

  reauthenticationTitle: 'Bestätigen Sie, dass Sie es sind',
  reauthenticationRecentText:
    'Zu Ihrer Sicherheit erfordert diese Änderung eine kürzliche Anmeldung. Bestätigen Sie, dass Sie es sind, um fortzufahren.',
  reauthenticationSecondFactorText:
    'Für diese Änderung ist zuerst ein Code aus Ihrer Authenticator-App nötig.',
  reauthenticationPasskeyText: 'Bestätigen Sie mit einem Ihrer Passkeys.',
  reauthenticationUsePasskey: 'Passkey verwenden',
  reauthenticationPasskeyFailed:
    'Ihr Passkey wurde nicht verwendet. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.',
  reauthenticationTotpText: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  reauthenticationTotpLabel: 'Code der Authenticator-App',
  reauthenticationPasswordText: 'Geben Sie Ihr Passwort ein.',
  reauthenticationEmailCodeText: 'Wir senden einen 6-stelligen Code an {email}.',
  reauthenticationSendCode: 'Code per E-Mail senden',
  reauthenticationSending: 'Wird gesendet…',
  reauthenticationCodeSent: 'Ein 6-stelliger Code wurde an {email} gesendet.',
  reauthenticationCodeLabel: 'Code aus der E-Mail',
  reauthenticationSendNewCode: 'Neuen Code senden',
  reauthenticationConfirm: 'Bestätigen',
  reauthenticationConfirming: 'Wird geprüft…',
  reauthenticationRetrying: 'Bestätigt. Ihre Änderung wird abgeschlossen…',
  reauthenticationOtherWays: 'Andere Wege zur Bestätigung',
  reauthenticationUsePasskeyInstead: 'Stattdessen Passkey verwenden',
  reauthenticationUseTotpInstead: 'Stattdessen Authenticator-App verwenden',
  reauthenticationUsePasswordInstead: 'Stattdessen Passwort verwenden',
  reauthenticationUseEmailCodeInstead: 'Stattdessen Code per E-Mail senden',
  reauthenticationUnavailable:
    'Keine Ihrer Anmeldemethoden kann dies hier bestätigen. Melden Sie sich ab und wieder an und nehmen Sie die Änderung dann vor.',
};
