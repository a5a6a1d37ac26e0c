// Issue 27 item 1: German texts of the e-mails and text messages. Typed against en.ts (a missing key fails the
// typecheck). Translator's notes:
// - "Sie" throughout; "Anmeldelink", "Code" (not "Passcode", rare in German), "Passkey" (Apple's and Google's German
//   UIs keep the English word), "Authenticator-App".
// - Lifetimes read "ist {lifetime} gültig" rather than "läuft in … ab": Intl formats the nominative ("7 Tage"), which
//   is right after "gültig" (accusative of duration) and wrong after "in" (dative "7 Tagen").
// - German typography quotes with „…“.
// - The SMS is shortened ("Nicht weitergeben.") to one GSM-7 segment (ä, ö, ü are in GSM-7; ß is too).
import type { MessageCatalog } from './index';

export const de: MessageCatalog = {
  'email.pasteLink': 'Oder fügen Sie diesen Link in Ihren Browser ein:',

  'magicLink.login.subject': 'Ihr Anmeldelink für {project}',
  'magicLink.login.action': 'Anmelden',
  'magicLink.login.intro': 'Klicken Sie auf den Link unten, um sich bei {project} anzumelden.',
  'magicLink.signup.subject': 'Schließen Sie Ihre Registrierung bei {project} ab',
  'magicLink.signup.action': 'Registrierung abschließen',
  'magicLink.signup.intro': 'Klicken Sie auf den Link unten, um Ihr {project}-Konto fertig einzurichten.',
  'magicLink.outro':
    'Dieser Link ist {lifetime} gültig und funktioniert nur einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',

  'otp.sms': '{code} ist Ihr {project}-Code. Er ist {lifetime} gültig. Nicht weitergeben.',
  'otp.login.subject': 'Ihr Code für {project}',
  'otp.login.intro': 'Geben Sie diesen Code ein, um sich bei {project} anzumelden:',
  'otp.signup.subject': 'Ihr Code zum Abschließen der Registrierung bei {project}',
  'otp.signup.intro': 'Geben Sie diesen Code ein, um Ihr {project}-Konto fertig einzurichten:',
  'otp.outro':
    'Dieser Code ist {lifetime} gültig und funktioniert nur einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',

  'reset.requested.subject': 'Setzen Sie Ihr {project}-Passwort zurück',
  'reset.requested.intro':
    'Klicken Sie auf den Link unten, um ein neues Passwort für Ihr {project}-Konto festzulegen.',
  'reset.belowPolicy.subject': 'Bitte wählen Sie ein neues {project}-Passwort',
  'reset.belowPolicy.intro':
    'Sie haben sich gerade mit einem Passwort bei {project} angemeldet, das kürzer ist, als {project} es jetzt verlangt. Es funktioniert weiterhin, aber bitte klicken Sie auf den Link unten, um ein neues zu wählen.',
  'reset.action': 'Passwort zurücksetzen',
  'reset.outro':
    'Dieser Link ist {lifetime} gültig und funktioniert nur einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',

  'signInAfterFailures.subject': {
    one: 'Neue Anmeldung bei Ihrem {project}-Konto nach {count} Fehlversuch',
    other: 'Neue Anmeldung bei Ihrem {project}-Konto nach {count} Fehlversuchen',
  },
  'signInAfterFailures.intro': {
    one: 'Jemand hat sich am {when} mit Ihrem Passwort bei Ihrem {project}-Konto angemeldet, nach {count} Fehlversuch.',
    other:
      'Jemand hat sich am {when} mit Ihrem Passwort bei Ihrem {project}-Konto angemeldet, nach {count} Fehlversuchen in Folge.',
  },
  'signInAfterFailures.advice':
    'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, kennt möglicherweise jemand Ihr Passwort: Setzen Sie es jetzt mit „Passwort vergessen?“ auf der Anmeldeseite von {project} zurück.',

  'notice.label.changed': 'Geändert',
  'notice.label.signedIn': 'Angemeldet',
  'notice.label.lastAttempt': 'Letzter Versuch',
  'notice.label.device': 'Gerät',
  'notice.label.ip': 'IP-Adresse',
  'notice.unknownDevice': 'Unbekanntes Gerät',
  'notice.unknownIp': 'unbekannt',
  'notice.ifYou.nothing': 'Wenn Sie das waren, ist nichts zu tun.',
  'notice.takeBack':
    'Wenn Sie es nicht waren, ist möglicherweise jemand anderes in Ihrem Konto angemeldet. Melden Sie sich jetzt selbst bei {project} an, {remove}, prüfen Sie Ihre Passkeys, Ihre Authenticator-App und Ihre Sitzungen und setzen Sie Ihr Passwort mit „Passwort vergessen?“ auf der Anmeldeseite zurück.',
  'notice.takeBack.plain':
    'Wenn Sie es nicht waren, ist möglicherweise jemand anderes in Ihrem Konto angemeldet. Melden Sie sich jetzt selbst bei {project} an, prüfen Sie Ihre Passkeys, Ihre Authenticator-App und Ihre Sitzungen und setzen Sie Ihr Passwort mit „Passwort vergessen?“ auf der Anmeldeseite zurück.',
  'notice.remove.passkey': 'entfernen Sie diesen Passkey',
  'notice.remove.authenticator': 'entfernen Sie die Authenticator-App',
  'notice.remove.setUpAuthenticatorAgain': 'richten Sie Ihre Authenticator-App erneut ein',
  'notice.remove.email': 'entfernen Sie diese Adresse',
  'notice.remove.phone': 'entfernen Sie diese Telefonnummer',
  'notice.closing':
    'Dies ist ein automatischer Sicherheitshinweis von {project}. Er enthält keinen Link und fragt nie nach einem Passwort oder Code: Um zu handeln, öffnen Sie die Anmeldeseite von {project} selbst. Wenn Sie Hilfe brauchen, wenden Sie sich an den Support von {project}.',
  'notice.sms': '{project}: {what} am {when} ({device}, IP {ip}). {advice}',
  'notice.sms.takeBack': 'Nicht Sie? Anmelden, Passkeys und Sitzungen prüfen, Passwort zurücksetzen.',
  'notice.sms.resetAndReview': 'Nicht Sie? Setzen Sie Ihr Passwort zurück und prüfen Sie Ihre Sitzungen.',

  'notice.passwordSet.subject': 'Für Ihr {project}-Konto wurde ein Passwort festgelegt',
  'notice.passwordSet.happened':
    'Für Ihr {project}-Konto wurde ein Passwort festgelegt. Es kann jetzt zur Anmeldung verwendet werden.',
  'notice.passwordSet.ifNotYou':
    'Wenn Sie es nicht waren, kann sich jetzt jemand anderes mit diesem Passwort anmelden. Setzen Sie es jetzt mit „Passwort vergessen?“ auf der Anmeldeseite von {project} zurück, melden Sie sich dann an und prüfen Sie Ihre Passkeys, Ihre Authenticator-App und Ihre Sitzungen.',
  'notice.passwordSet.sms': 'für Ihr Konto wurde ein Passwort festgelegt',

  'notice.passwordChanged.subject': 'Ihr {project}-Passwort wurde geändert',
  'notice.passwordChanged.happened':
    'Das Passwort Ihres {project}-Kontos wurde geändert. Ihre anderen Sitzungen wurden abgemeldet.',
  'notice.passwordChanged.ifNotYou':
    'Wenn Sie es nicht waren, kennt jemand anderes Ihr neues Passwort. Setzen Sie es jetzt mit „Passwort vergessen?“ auf der Anmeldeseite von {project} zurück, melden Sie sich dann an und prüfen Sie Ihre Passkeys, Ihre Authenticator-App und Ihre Sitzungen.',
  'notice.passwordChanged.sms': 'Ihr Passwort wurde geändert',

  'notice.passkeyAdded.subject': 'Ihrem {project}-Konto wurde ein Passkey hinzugefügt',
  'notice.passkeyAdded.happened':
    'Ein Passkey namens „{name}“ wurde Ihrem {project}-Konto hinzugefügt. Er kann zur Anmeldung verwendet werden.',
  'notice.passkeyAdded.sms': 'Ihrem Konto wurde ein Passkey hinzugefügt',

  'notice.passkeyRemoved.subject': 'Aus Ihrem {project}-Konto wurde ein Passkey entfernt',
  'notice.passkeyRemoved.happened':
    'Der Passkey namens „{name}“ wurde aus Ihrem {project}-Konto entfernt. Er kann nicht mehr zur Anmeldung verwendet werden.',
  'notice.passkeyRemoved.sms': 'aus Ihrem Konto wurde ein Passkey entfernt',

  'notice.totpAdded.subject': 'Ihrem {project}-Konto wurde eine Authenticator-App hinzugefügt',
  'notice.totpAdded.happened':
    'Für Ihr {project}-Konto wurde eine Authenticator-App zur Bestätigung in zwei Schritten eingerichtet. Ihre Codes können jetzt zur Anmeldung verwendet werden.',
  'notice.totpAdded.sms': 'Ihrem Konto wurde eine Authenticator-App hinzugefügt',

  'notice.totpRemoved.subject': 'Aus Ihrem {project}-Konto wurde die Authenticator-App entfernt',
  'notice.totpRemoved.happened':
    'Die Authenticator-App wurde aus Ihrem {project}-Konto entfernt. Die Anmeldung fragt nicht mehr nach ihren Codes, und ihre Wiederherstellungscodes funktionieren nicht mehr.',
  'notice.totpRemoved.sms': 'die Authenticator-App wurde aus Ihrem Konto entfernt',

  'notice.emailAdded.subject': 'Ihrem {project}-Konto wurde eine E-Mail-Adresse hinzugefügt',
  'notice.emailAdded.happened':
    'Die E-Mail-Adresse {email} wurde Ihrem {project}-Konto hinzugefügt. Sie kann zur Anmeldung verwendet werden.',
  'notice.emailAdded.sms': 'Ihrem Konto wurde eine E-Mail-Adresse hinzugefügt',

  'notice.phoneAdded.subject': 'Ihrem {project}-Konto wurde eine Telefonnummer hinzugefügt',
  'notice.phoneAdded.happened':
    'Die Telefonnummer {phone} wurde Ihrem {project}-Konto hinzugefügt. Sie kann zur Anmeldung verwendet werden.',
  'notice.phoneAdded.sms': 'Ihrem Konto wurde eine Telefonnummer hinzugefügt',

  'notice.recoveryCodeUsed.subject':
    'Bei Ihrem {project}-Konto wurde ein Wiederherstellungscode zur Anmeldung verwendet',
  'notice.recoveryCodeUsed.happened':
    'Jemand hat sich mit einem der Wiederherstellungscodes bei Ihrem {project}-Konto angemeldet. {left}',
  'notice.recoveryCodeUsed.left': {
    one: 'Es bleibt {count} Wiederherstellungscode.',
    other: 'Es bleiben {count} Wiederherstellungscodes.',
  },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    'Wenn Sie das waren, richten Sie Ihre Authenticator-App erneut ein, um neue Wiederherstellungscodes zu erhalten.',
  'notice.recoveryCodeUsed.sms': 'ein Wiederherstellungscode wurde zur Anmeldung verwendet (noch {count})',

  'notice.passwordLocked.subject': 'Die Passwort-Anmeldung bei Ihrem {project}-Konto ist gesperrt',
  'notice.passwordLocked.happened': {
    one: 'Ihr {project}-Passwort kann nicht mehr zur Anmeldung verwendet werden: Es wurde {count}-mal falsch eingegeben.',
    other:
      'Ihr {project}-Passwort kann nicht mehr zur Anmeldung verwendet werden: Es wurde {count}-mal in Folge falsch eingegeben.',
  },
  'notice.passwordLocked.ifYou':
    'Um sich wieder mit einem Passwort anzumelden, setzen Sie es mit „Passwort vergessen?“ auf der Anmeldeseite von {project} zurück.',
  'notice.passwordLocked.ifNotYou':
    'Wenn diese Versuche nicht von Ihnen stammen, versucht jemand, Ihr Passwort zu erraten. Setzen Sie es trotzdem zurück und wählen Sie eines, das Sie nirgendwo sonst verwenden. Wenn Sie sich nicht anmelden können, wenden Sie sich an den Support von {project}.',
  'notice.passwordLocked.sms': {
    other: 'die Passwort-Anmeldung ist nach {count} Fehlversuchen in Folge gesperrt',
  },
  'notice.passwordLocked.smsAdvice': 'Setzen Sie Ihr Passwort zurück, um es wieder zu nutzen.',

  'notice.totpLocked.subject': 'Authenticator-Codes sind für Ihr {project}-Konto gesperrt',
  'notice.totpLocked.happened': {
    other:
      'Codes Ihrer Authenticator-App können nicht mehr zur Anmeldung bei Ihrem {project}-Konto verwendet werden: {count} falsche Codes wurden in Folge eingegeben.',
  },
  'notice.totpLocked.ifYou':
    'Melden Sie sich stattdessen mit einem Ihrer Wiederherstellungscodes an und richten Sie Ihre Authenticator-App dann erneut ein.',
  'notice.totpLocked.ifNotYou':
    'Wenn diese Versuche nicht von Ihnen stammen, hat jemand Ihren ersten Anmeldeschritt überwunden: Setzen Sie Ihr Passwort zurück und prüfen Sie Ihre Sitzungen, nachdem Sie sich mit einem Wiederherstellungscode angemeldet haben. Wenn Sie sich nicht anmelden können, wenden Sie sich an den Support von {project}.',
  'notice.totpLocked.sms': {
    other: 'Authenticator-Codes sind nach {count} Fehlversuchen in Folge gesperrt',
  },
  'notice.totpLocked.smsAdvice': 'Melden Sie sich mit einem Wiederherstellungscode an.',
};
