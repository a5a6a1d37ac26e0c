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
  // Translator's note: "segundo factor" (the usual term in Spanish security guidance); the code form follows the web
  // app's wording ("códigos de recuperación", "app de autenticación").
  secondFactor: {
    title: 'Configura un segundo factor',
    heading: 'Configura un segundo factor para continuar',
    body: 'La consola pide a cada operador un segundo factor: una llave de acceso (tu dispositivo, una llave de seguridad o un gestor de contraseñas) o una app de autenticación. Configura uno y continúa.',
    continue: 'Continuar a la consola',
    checking: 'Comprobando…',
    stillRequired:
      'El servidor sigue pidiendo un segundo factor. Añade una llave de acceso o configura una app de autenticación arriba y continúa.',
    signOut: 'Cerrar sesión',
  },
  confirmFactor: {
    title: 'Confirma que eres tú',
    heading: 'Confirma que eres tú',
    body: 'Iniciaste sesión con un enlace de acceso. La consola también pide la llave de acceso que configuraste para ella.',
    bodyApp:
      'Iniciaste sesión con un enlace de acceso. La consola también pide un código de la app de autenticación que configuraste para ella.',
    bodyBoth:
      'Iniciaste sesión con un enlace de acceso. La consola también pide tu llave de acceso o un código de tu app de autenticación.',
    usePasskey: 'Usar mi llave de acceso',
    working: 'Esperando tu llave de acceso…',
    failed:
      'Tu llave de acceso no fue aceptada. Inténtalo de nuevo, o cierra sesión e inicia sesión con la llave de acceso.',
    stillRequired: 'El servidor sigue pidiendo tu segundo factor. Úsalo arriba.',
  },
  totp: {
    choiceHeading: 'O usa una app de autenticación',
    choiceBody:
      'Una app en tu teléfono o computadora que muestra un nuevo código de 6 dígitos cada 30 segundos (1Password, Google Authenticator, Microsoft Authenticator, Authy…).',
    setUp: 'Configurar una app de autenticación',
    heading: 'Configurar una app de autenticación',
    starting: 'Preparando tu app de autenticación…',
    startFailed: 'No se pudo preparar la app de autenticación.',
    tryAgain: 'Reintentar',
    usePasskeyInstead: 'Usar una llave de acceso',
    scanStep: '1. Escanea este código QR con la app.',
    qrAlt: 'Código QR para añadir la consola de Gatehouse a tu app de autenticación',
    secretLabel: 'O escribe esta clave en la app:',
    copySecret: 'Copiar la clave',
    secretCopied: 'Clave copiada.',
    codesStep: '2. Guarda tus códigos de recuperación.',
    codesHeading: 'Códigos de recuperación',
    codesHint:
      'Cada código te deja entrar una vez si pierdes la app. Solo se muestran ahora: guárdalos en un gestor de contraseñas o en un lugar seguro.',
    copyCodes: 'Copiar los códigos',
    downloadCodes: 'Descargar los códigos',
    codesCopied: 'Códigos copiados.',
    copyFailed: 'No se pudo copiar aquí. Selecciona el texto y cópialo, o descarga el archivo.',
    codesFileName: 'gatehouse-consola-codigos-de-recuperacion.txt',
    savedCodes: 'Guardé mis códigos de recuperación',
    confirmStep: '3. Escribe el código que muestra la app.',
    codeLabel: 'Código de 6 dígitos de la app',
    savedFirst: 'Primero marca «Guardé mis códigos de recuperación».',
    confirm: 'Confirmar y continuar',
    enterCode: 'Escribe un código de tu app de autenticación',
    or: 'o',
    submitCode: 'Confirmar el código',
    checkingCode: 'Comprobando el código…',
    wrongCode:
      'Ese código no es correcto. Escribe el código más reciente que muestra la app para la consola de Gatehouse (los códigos cambian cada 30 segundos).',
    tooMany: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo con un código nuevo.',
    codeFailed: 'No se pudo comprobar el código.',
    confirmed: 'Confirmado.',
    useRecoveryCode: '¿Perdiste la app? Usa un código de recuperación',
    useAppCode: 'Usar un código de la app',
    recoveryLabel: 'Código de recuperación',
    submitRecovery: 'Usar el código de recuperación',
    wrongRecovery: 'Ese código de recuperación no es correcto o ya se usó.',
  },
};
