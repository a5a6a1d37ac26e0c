// Issue 27 item 1: Spanish texts of the e-mails and text messages. Typed against en.ts (a missing key fails the
// typecheck). Translator's notes:
// - Neutral Spanish for Spain and Latin America: "usted" forms, "correo electrónico" (not "e-mail"/"mail"),
//   "enlace", "código" for passcode, "llave de acceso" for passkey (Google's Spanish UI), "app de autenticación".
// - Inverted question marks kept inside quoted UI labels ("¿Olvidaste tu contraseña?" is the widget's wording).
// - The SMS says "clave" rather than "código": á, í, ó and ú are not in the GSM-7 alphabet, and one of them makes
//   the whole text UCS-2 (70 characters a segment instead of 160). Its lifetime is at most 10 minutes ("minutos",
//   no accent). Lengths measured in docs/localization-messages.md.
import type { MessageCatalog } from './index';

export const es: MessageCatalog = {
  'email.pasteLink': 'O pegue este enlace en su navegador:',

  'magicLink.login.subject': 'Su enlace de inicio de sesión en {project}',
  'magicLink.login.action': 'Iniciar sesión',
  'magicLink.login.intro': 'Haga clic en el enlace de abajo para iniciar sesión en {project}.',
  'magicLink.signup.subject': 'Termine su registro en {project}',
  'magicLink.signup.action': 'Terminar el registro',
  'magicLink.signup.intro': 'Haga clic en el enlace de abajo para terminar de crear su cuenta de {project}.',
  'magicLink.outro':
    'Este enlace caduca en {lifetime} y funciona una sola vez. Si no lo solicitó, puede ignorar este correo.',

  'otp.sms': '{code} es su clave de {project}. Caduca en {lifetime}. No la comparta con nadie.',
  'otp.login.subject': 'Su código para {project}',
  'otp.login.intro': 'Introduzca este código para iniciar sesión en {project}:',
  'otp.signup.subject': 'Su código para terminar su registro en {project}',
  'otp.signup.intro': 'Introduzca este código para terminar de crear su cuenta de {project}:',
  'otp.outro':
    'Este código caduca en {lifetime} y funciona una sola vez. Si no lo solicitó, puede ignorar este correo.',

  'reset.requested.subject': 'Restablezca su contraseña de {project}',
  'reset.requested.intro':
    'Haga clic en el enlace de abajo para elegir una nueva contraseña para su cuenta de {project}.',
  'reset.belowPolicy.subject': 'Elija una nueva contraseña de {project}',
  'reset.belowPolicy.intro':
    'Acaba de iniciar sesión en {project} con una contraseña más corta de lo que {project} exige ahora. Sigue funcionando, pero haga clic en el enlace de abajo para elegir una nueva.',
  'reset.action': 'Restablecer la contraseña',
  'reset.outro':
    'Este enlace caduca en {lifetime} y funciona una sola vez. Si no lo solicitó, puede ignorar este correo: su contraseña no cambia.',

  'signInAfterFailures.subject': {
    one: 'Nuevo inicio de sesión en su cuenta de {project} tras {count} intento fallido',
    other: 'Nuevo inicio de sesión en su cuenta de {project} tras {count} intentos fallidos',
  },
  'signInAfterFailures.intro': {
    one: 'Alguien inició sesión en su cuenta de {project} con su contraseña el {when}, tras {count} intento fallido.',
    other:
      'Alguien inició sesión en su cuenta de {project} con su contraseña el {when}, tras {count} intentos fallidos seguidos.',
  },
  'signInAfterFailures.advice':
    'Si fue usted, no tiene que hacer nada. Si no, puede que alguien conozca su contraseña: restablézcala ahora con «¿Olvidó su contraseña?» en la página de inicio de sesión de {project}.',

  'notice.label.changed': 'Fecha del cambio',
  'notice.label.signedIn': 'Fecha de acceso',
  'notice.label.lastAttempt': 'Último intento',
  'notice.label.device': 'Dispositivo',
  'notice.label.ip': 'Dirección IP',
  'notice.unknownDevice': 'Dispositivo desconocido',
  'notice.unknownIp': 'desconocida',
  'notice.ifYou.nothing': 'Si fue usted, no tiene que hacer nada.',
  'notice.takeBack':
    'Si no fue usted, puede que otra persona haya iniciado sesión en su cuenta. Inicie sesión usted mismo en {project} ahora, {remove}, revise sus llaves de acceso, su app de autenticación y sus sesiones, y restablezca su contraseña con «¿Olvidó su contraseña?» en la página de inicio de sesión.',
  'notice.takeBack.plain':
    'Si no fue usted, puede que otra persona haya iniciado sesión en su cuenta. Inicie sesión usted mismo en {project} ahora, revise sus llaves de acceso, su app de autenticación y sus sesiones, y restablezca su contraseña con «¿Olvidó su contraseña?» en la página de inicio de sesión.',
  'notice.remove.passkey': 'elimine esta llave de acceso',
  'notice.remove.authenticator': 'elimine la app de autenticación',
  'notice.remove.setUpAuthenticatorAgain': 'vuelva a configurar su app de autenticación',
  'notice.remove.email': 'elimine esta dirección',
  'notice.remove.phone': 'elimine este número de teléfono',
  'notice.closing':
    'Este es un aviso de seguridad automático de {project}. No contiene ningún enlace y nunca le pide una contraseña ni un código: para actuar, abra usted mismo la página de inicio de sesión de {project}. Si necesita ayuda, contacte con el soporte de {project}.',
  'notice.sms': '{project}: {what} el {when} ({device}, IP {ip}). {advice}',
  'notice.sms.takeBack': '¿No fue usted? Inicie sesión, revise llaves y sesiones, cambie su contraseña.',
  'notice.sms.resetAndReview': '¿No fue usted? Restablezca su contraseña y revise sus sesiones.',

  'notice.passwordSet.subject': 'Se estableció una contraseña en su cuenta de {project}',
  'notice.passwordSet.happened':
    'Se estableció una contraseña en su cuenta de {project}. Ya puede usarse para iniciar sesión.',
  'notice.passwordSet.ifNotYou':
    'Si no fue usted, otra persona puede iniciar sesión ahora con esa contraseña. Restablézcala ahora con «¿Olvidó su contraseña?» en la página de inicio de sesión de {project}; después inicie sesión y revise sus llaves de acceso, su app de autenticación y sus sesiones.',
  'notice.passwordSet.sms': 'se estableció una contraseña en su cuenta',

  'notice.passwordChanged.subject': 'Se cambió su contraseña de {project}',
  'notice.passwordChanged.happened':
    'Se cambió la contraseña de su cuenta de {project}. Se cerraron sus otras sesiones.',
  'notice.passwordChanged.ifNotYou':
    'Si no fue usted, otra persona conoce su nueva contraseña. Restablézcala ahora con «¿Olvidó su contraseña?» en la página de inicio de sesión de {project}; después inicie sesión y revise sus llaves de acceso, su app de autenticación y sus sesiones.',
  'notice.passwordChanged.sms': 'se cambió su contraseña',

  'notice.passkeyAdded.subject': 'Se añadió una llave de acceso a su cuenta de {project}',
  'notice.passkeyAdded.happened':
    'Se añadió una llave de acceso llamada «{name}» a su cuenta de {project}. Puede usarse para iniciar sesión.',
  'notice.passkeyAdded.sms': 'se añadió una llave de acceso a su cuenta',

  'notice.passkeyRemoved.subject': 'Se eliminó una llave de acceso de su cuenta de {project}',
  'notice.passkeyRemoved.happened':
    'Se eliminó la llave de acceso llamada «{name}» de su cuenta de {project}. Ya no puede usarse para iniciar sesión.',
  'notice.passkeyRemoved.sms': 'se eliminó una llave de acceso de su cuenta',

  'notice.totpAdded.subject': 'Se añadió una app de autenticación a su cuenta de {project}',
  'notice.totpAdded.happened':
    'Se configuró una app de autenticación para la verificación en dos pasos de su cuenta de {project}. Sus códigos ya pueden usarse para iniciar sesión.',
  'notice.totpAdded.sms': 'se añadió una app de autenticación a su cuenta',

  'notice.totpRemoved.subject': 'Se eliminó la app de autenticación de su cuenta de {project}',
  'notice.totpRemoved.happened':
    'Se eliminó la app de autenticación de su cuenta de {project}. El inicio de sesión ya no pide sus códigos, y sus códigos de recuperación ya no funcionan.',
  'notice.totpRemoved.sms': 'se eliminó la app de autenticación de su cuenta',

  'notice.emailAdded.subject': 'Se añadió una dirección de correo a su cuenta de {project}',
  'notice.emailAdded.happened':
    'Se añadió la dirección de correo {email} a su cuenta de {project}. Puede usarse para iniciar sesión.',
  'notice.emailAdded.sms': 'se añadió una dirección de correo a su cuenta',

  'notice.phoneAdded.subject': 'Se añadió un número de teléfono a su cuenta de {project}',
  'notice.phoneAdded.happened':
    'Se añadió el número de teléfono {phone} a su cuenta de {project}. Puede usarse para iniciar sesión.',
  'notice.phoneAdded.sms': 'se añadió un número de teléfono a su cuenta',

  'notice.recoveryCodeUsed.subject':
    'Se usó un código de recuperación para iniciar sesión en su cuenta de {project}',
  'notice.recoveryCodeUsed.happened':
    'Alguien inició sesión en su cuenta de {project} con uno de sus códigos de recuperación. {left}',
  'notice.recoveryCodeUsed.left': {
    one: 'Queda {count} código de recuperación.',
    other: 'Quedan {count} códigos de recuperación.',
  },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    'Si fue usted, vuelva a configurar su app de autenticación para obtener nuevos códigos de recuperación.',
  'notice.recoveryCodeUsed.sms': 'se usó un código de recuperación para iniciar sesión (quedan {count})',

  'notice.passwordLocked.subject':
    'El inicio de sesión con contraseña en su cuenta de {project} está bloqueado',
  'notice.passwordLocked.happened': {
    one: 'Su contraseña de {project} ya no puede usarse para iniciar sesión: se introdujo mal {count} vez.',
    other:
      'Su contraseña de {project} ya no puede usarse para iniciar sesión: se introdujo mal {count} veces seguidas.',
  },
  'notice.passwordLocked.ifYou':
    'Para volver a iniciar sesión con contraseña, restablézcala con «¿Olvidó su contraseña?» en la página de inicio de sesión de {project}.',
  'notice.passwordLocked.ifNotYou':
    'Si estos intentos no fueron suyos, alguien intenta adivinar su contraseña. Restablézcala de todos modos y elija una que no use en ningún otro sitio. Si no puede iniciar sesión, contacte con el soporte de {project}.',
  'notice.passwordLocked.sms': {
    one: 'el inicio de sesión con contraseña está bloqueado tras {count} intento fallido',
    other: 'el inicio de sesión con contraseña está bloqueado tras {count} intentos fallidos seguidos',
  },
  'notice.passwordLocked.smsAdvice': 'Restablezca su contraseña para volver a usarla.',

  'notice.totpLocked.subject': 'Los códigos de autenticación están bloqueados en su cuenta de {project}',
  'notice.totpLocked.happened': {
    one: 'Los códigos de su app de autenticación ya no pueden usarse para iniciar sesión en su cuenta de {project}: se introdujo {count} código incorrecto.',
    other:
      'Los códigos de su app de autenticación ya no pueden usarse para iniciar sesión en su cuenta de {project}: se introdujeron {count} códigos incorrectos seguidos.',
  },
  'notice.totpLocked.ifYou':
    'Para iniciar sesión, use uno de sus códigos de recuperación y después vuelva a configurar su app de autenticación.',
  'notice.totpLocked.ifNotYou':
    'Si estos intentos no fueron suyos, alguien superó su primer paso de inicio de sesión: restablezca su contraseña y revise sus sesiones después de iniciar sesión con un código de recuperación. Si no puede iniciar sesión, contacte con el soporte de {project}.',
  'notice.totpLocked.sms': {
    one: 'los códigos de autenticación están bloqueados tras {count} intento fallido',
    other: 'los códigos de autenticación están bloqueados tras {count} intentos fallidos seguidos',
  },
  'notice.totpLocked.smsAdvice': 'Inicie sesión con un código de recuperación.',
};
