// Issue 27 item 1: the console's sign-in in French (sign-in-strings.ts says why only the sign-in).
// Translator's notes: "vous", as in the web app; "console" stays (French admins say "la console"); "lien de
// connexion" for login link, as in the web app and the e-mails. A non-breaking space goes before ":" and "?".
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Console Gatehouse',
  documentTitle: (page: string) => `${page} · Console Gatehouse`,
  signIn: {
    title: 'Connexion',
    heading: 'Connexion à la console',
    intro: 'Les opérateurs se connectent avec leur compte opérateur Gatehouse.',
  },
  authenticate: {
    title: 'Connexion',
    heading: 'Connexion en cours',
    working: 'Vérification de votre lien de connexion…',
    failedHeading: 'Ce lien de connexion n’a pas fonctionné',
    backToSignIn: 'Retour à la connexion',
  },
  theme: {
    label: 'Thème',
    system: 'Système',
    light: 'Clair',
    dark: 'Sombre',
  },
  // Translator's note: "second facteur" (the term of French security guidance, ANSSI); the code form's texts are
  // shared with the web app's wording ("codes de secours", "application d'authentification").
  secondFactor: {
    title: 'Configurer un second facteur',
    heading: 'Configurez un second facteur pour continuer',
    body: 'La console demande un second facteur à chaque opérateur\u00a0: une clé d’accès (votre appareil, une clé de sécurité ou un gestionnaire de mots de passe) ou une application d’authentification. Configurez-en un, puis continuez.',
    continue: 'Continuer vers la console',
    checking: 'Vérification…',
    stillRequired:
      'Le serveur demande toujours un second facteur. Ajoutez une clé d’accès ou configurez une application d’authentification ci-dessus, puis continuez.',
    signOut: 'Se déconnecter',
  },
  confirmFactor: {
    title: 'Confirmez votre identité',
    heading: 'Confirmez votre identité',
    body: 'Vous vous êtes connecté avec un lien de connexion. La console demande aussi la clé d’accès que vous avez configurée pour elle.',
    bodyApp:
      'Vous vous êtes connecté avec un lien de connexion. La console demande aussi un code de l’application d’authentification que vous avez configurée pour elle.',
    bodyBoth:
      'Vous vous êtes connecté avec un lien de connexion. La console demande aussi votre clé d’accès ou un code de votre application d’authentification.',
    usePasskey: 'Utiliser ma clé d’accès',
    working: 'En attente de votre clé d’accès…',
    failed:
      'Votre clé d’accès n’a pas été acceptée. Réessayez, ou déconnectez-vous et connectez-vous avec la clé d’accès.',
    stillRequired: 'Le serveur demande toujours votre second facteur. Utilisez-le ci-dessus.',
  },
  totp: {
    choiceHeading: 'Ou utilisez une application d’authentification',
    choiceBody:
      'Une application sur votre téléphone ou votre ordinateur qui affiche un nouveau code à 6 chiffres toutes les 30 secondes (1Password, Google Authenticator, Microsoft Authenticator, Authy…).',
    setUp: 'Configurer une application d’authentification',
    heading: 'Configurer une application d’authentification',
    starting: 'Préparation de votre application d’authentification…',
    startFailed: 'L’application d’authentification n’a pas pu être préparée.',
    tryAgain: 'Réessayer',
    usePasskeyInstead: 'Utiliser plutôt une clé d’accès',
    scanStep: '1. Scannez ce QR code avec l’application.',
    qrAlt: 'QR code pour ajouter la console Gatehouse à votre application d’authentification',
    secretLabel: 'Ou saisissez cette clé dans l’application\u00a0:',
    copySecret: 'Copier la clé',
    secretCopied: 'Clé copiée.',
    codesStep: '2. Enregistrez vos codes de secours.',
    codesHeading: 'Codes de secours',
    codesHint:
      'Chaque code vous laisse entrer une fois si vous perdez l’application. Ils ne s’affichent qu’ici\u00a0: gardez-les dans un gestionnaire de mots de passe ou en lieu sûr.',
    copyCodes: 'Copier les codes',
    downloadCodes: 'Télécharger les codes',
    codesCopied: 'Codes copiés.',
    copyFailed:
      'La copie n’a pas fonctionné ici. Sélectionnez le texte et copiez-le, ou téléchargez le fichier.',
    codesFileName: 'gatehouse-console-codes-de-secours.txt',
    savedCodes: 'J’ai enregistré mes codes de secours',
    confirmStep: '3. Saisissez le code affiché par l’application.',
    codeLabel: 'Code à 6 chiffres de l’application',
    savedFirst: 'Cochez d’abord «\u00a0J’ai enregistré mes codes de secours\u00a0».',
    confirm: 'Confirmer et continuer',
    enterCode: 'Saisissez un code de votre application d’authentification',
    or: 'ou',
    submitCode: 'Confirmer le code',
    checkingCode: 'Vérification du code…',
    wrongCode:
      'Ce code n’est pas le bon. Saisissez le code le plus récent affiché pour la console Gatehouse (les codes changent toutes les 30 secondes).',
    tooMany: 'Trop d’essais. Attendez quelques minutes, puis réessayez avec un nouveau code.',
    codeFailed: 'Le code n’a pas pu être vérifié.',
    confirmed: 'Confirmé.',
    useRecoveryCode: 'Application perdue\u00a0? Utilisez un code de secours',
    useAppCode: 'Utiliser un code de l’application',
    recoveryLabel: 'Code de secours',
    submitRecovery: 'Utiliser le code de secours',
    wrongRecovery: 'Ce code de secours n’est pas le bon, ou il a déjà servi.',
  },
};
