// Issue 27 item 1: the web application in French. Same shape as strings.ts (typed WebStrings: a missing key fails
// the typecheck), loaded on demand (locale.ts).
//
// Translator's notes:
// - "vous" throughout: an account page speaks to a stranger about security; French sites (banks, La Poste, impots.gouv)
//   address the reader with "vous", and the informal "tu" would read as careless here.
// - "Se connecter" / "Se déconnecter" for sign in / sign out (the verbs French users see everywhere), and "Passkey"
//   becomes "clé d'accès", the term Apple, Google and Microsoft ship in French.
// - "Login link" is "lien de connexion"; "recovery codes" are "codes de secours" (Google's French wording).
// - French runs 15–25 % longer than English; the buttons were checked at 320 px (e2e/tests/web-locales.spec.ts).
// - Participles about the reader ("connecté") take the generic masculine, as French account pages do; the inclusive
//   "connecté·e" was left out because screen readers spell its middle dot.
// - A non-breaking space (U+00A0) goes before ":", "?" and "!" as French typography wants.
import { EN_STRINGS, type WebStrings } from '../strings';
import { pluralCategory } from './format';

const NBSP = '\u00a0';

export const strings: WebStrings = {
  productName: 'Gatehouse',
  documentTitle: {
    signIn: 'Connexion · Gatehouse',
    account: 'Votre compte · Gatehouse',
    authenticate: 'Connexion en cours · Gatehouse',
    resetPassword: 'Réinitialiser votre mot de passe · Gatehouse',
    stepUp: 'Validation en deux étapes · Gatehouse',
    notFound: 'Page introuvable · Gatehouse',
    configurationError: 'Erreur de configuration · Gatehouse',
  },
  navigation: {
    label: 'Principale',
    signIn: 'Connexion',
    account: 'Compte',
  },
  footer: {
    label: 'Outils de développement',
    devOutbox: 'Boîte d’envoi de développement',
    devOutboxHint: 'e-mails et SMS envoyés en développement',
    language: 'Langue',
  },
  signIn: {
    heading: 'Connexion à Gatehouse',
    widgetPlaceholder: 'Le module de connexion n’est pas disponible dans cette version.',
    signedInAs: (email: string) => `Vous êtes connecté en tant que ${email}.`,
    signedIn: 'Vous êtes connecté.',
    goToAccount: 'Accéder à votre compte',
  },
  account: {
    heading: 'Votre compte',
    loading: 'Chargement de votre compte…',
    signedOut: 'Vous n’êtes pas connecté.',
    backToSignIn: 'Se connecter',
    emails: 'Adresses e-mail',
    noEmails: 'Aucune adresse e-mail',
    verified: 'vérifiée',
    unverified: 'non vérifiée',
    sessionStarted: 'Connexion',
    signOut: 'Se déconnecter de cet appareil',
    signingOut: 'Déconnexion…',
    signOutFailed: `La déconnexion a échoué. Veuillez réessayer.`,
    passkeysSection: 'Clés d’accès',
    loadFailed: 'Impossible de charger ces informations. Nouvel essai dans un instant.',
    retry: 'Réessayer',
    remove: 'Supprimer',
    removing: 'Suppression…',
    removeItem: (item: string) => `Supprimer ${item}`,
    removed: (item: string) => `${item} a été supprimé.`,
    removeFailed: 'La suppression a échoué. Veuillez réessayer.',
    contactSection: 'Adresses e-mail et numéros de téléphone',
    phoneNumbers: 'Numéros de téléphone',
    noPhoneNumbers: 'Aucun numéro de téléphone',
    addEmailHeading: 'Ajouter une adresse e-mail',
    addPhoneHeading: 'Ajouter un numéro de téléphone',
    newEmailLabel: 'Nouvelle adresse e-mail',
    newPhoneLabel: 'Nouveau numéro (avec l’indicatif du pays, p. ex. +33612345678)',
    sendCode: 'Envoyer le code',
    sendingCode: 'Envoi…',
    sendLinkInstead: 'Envoyer plutôt un lien de connexion',
    codeSentTo: (destination: string) => `Un code à 6 chiffres a été envoyé à ${destination}.`,
    linkSentTo: (destination: string) =>
      `Un lien de connexion a été envoyé à ${destination}. Ouvrez-le dans ce navigateur pour ajouter l’adresse.`,
    codeLabel: 'Code',
    verify: 'Vérifier',
    verifying: 'Vérification…',
    cancel: 'Annuler',
    sendFailed: 'Le code n’a pas pu être envoyé. Vérifiez l’adresse et réessayez.',
    verifyFailed: 'Ce code n’a pas fonctionné. Vérifiez-le et réessayez.',
    contactAdded: (destination: string) => `${destination} a été ajouté.`,
    totpSection: 'Application d’authentification',
    totpOff:
      'Aucune application d’authentification n’est configurée. Elle ajoute un code de votre téléphone comme deuxième étape.',
    totpOn: 'Une application d’authentification est configurée.',
    totpSetUp: 'Configurer une application d’authentification',
    totpStarting: 'Démarrage…',
    totpStartFailed: 'La configuration n’a pas pu démarrer. Veuillez réessayer.',
    totpScan: 'Scannez ce QR code avec votre application d’authentification.',
    totpQrAlt: 'QR code pour ajouter ce compte à une application d’authentification',
    totpSecretLabel: `Ou saisissez cette clé à la main${NBSP}:`,
    recoveryCodesHeading: 'Codes de secours',
    recoveryCodesHint: `Chaque code vous connecte une fois si vous perdez votre téléphone. Ils ne s’affichent qu’ici${NBSP}: conservez-les en lieu sûr.`,
    copyCodes: 'Copier les codes',
    codesCopied: 'Les codes de secours ont été copiés.',
    copyFailed: 'Les codes n’ont pas pu être copiés ; sélectionnez-les et copiez-les à la main.',
    downloadCodes: 'Télécharger les codes',
    // Translator's note: a file name, so ASCII only (it lands on disks and in e-mails as is).
    recoveryCodesFileName: 'gatehouse-codes-de-secours.txt',
    savedCodes: 'J’ai enregistré mes codes de secours',
    totpCodeLabel: 'Code de l’application',
    totpConfirm: 'Terminer la configuration',
    totpConfirmHint: 'Enregistrez d’abord vos codes de secours et cochez la case.',
    totpEnabled: 'L’application d’authentification est configurée.',
    totpRemoveLabel: 'Supprimer l’application d’authentification',
    totpName: 'L’application d’authentification',
    recoveryCodesRemaining: (count: number) =>
      pluralCategory('fr', count) === 'one'
        ? `${count} code de secours restant.`
        : `${count} codes de secours restants.`,
    sessionsSection: 'Sessions actives',
    thisDevice: 'Cet appareil',
    unknownDevice: 'Appareil inconnu',
    lastActive: 'Dernière activité',
    ipAddress: 'Adresse IP',
    signOutOthers: 'Se déconnecter partout ailleurs',
    signingOutOthers: 'Déconnexion…',
    signedOutOthers: (count: number) =>
      pluralCategory('fr', count) === 'one'
        ? `${count} autre session déconnectée.`
        : `${count} autres sessions déconnectées.`,
    signOutOthersFailed: 'Les autres sessions n’ont pas pu être déconnectées. Veuillez réessayer.',
    noOtherSessions: 'Aucune autre session n’est ouverte.',
    signOutSession: 'Déconnecter',
    signOutSessionLabel: (device: string) => `Déconnecter ${device}`,
    confirmSignOutSessionTitle: (device: string) => `Déconnecter ${device}${NBSP}?`,
    confirmSignOutSession: 'Cet appareil ou ce navigateur sera immédiatement déconnecté de ce compte.',
    signedOutSession: (device: string) => `${device} a été déconnecté.`,
    signOutSessionFailed: 'Cette session n’a pas pu être déconnectée. Veuillez réessayer.',
    dismiss: 'Fermer',
    dismissToast: (message: string) => `Fermer${NBSP}: ${message}`,
    notifications: 'Notifications',
    providersSection: 'Comptes associés',
    noProviders: 'Aucun compte de réseau social n’est associé.',
    unlink: 'Dissocier',
    unlinkProvider: (provider: string) => `Dissocier ${provider}`,
    unlinking: 'Dissociation…',
    unlinked: (provider: string) => `${provider} a été dissocié.`,
    unlinkFailed: 'Ce compte n’a pas pu être dissocié. Veuillez réessayer.',
    // Brand names stay as their owners write them: the English table's, shared.
    providerNames: EN_STRINGS.account.providerNames,
    profileSection: 'Profil',
    nameLabel: 'Nom',
    primaryEmailLabel: 'Adresse e-mail',
    primaryPhoneLabel: 'Numéro de téléphone',
    memberSince: 'Membre depuis',
    passkeysIntro:
      'Les clés d’accès vous connectent avec votre empreinte, votre visage ou le verrouillage de l’écran.',
    noPasskeysYet:
      'Vous n’avez pas encore de clé d’accès. Ajoutez-en une pour vous connecter sans mot de passe ni code.',
    passkeyCreated: 'Ajoutée',
    passkeyLastUsed: 'Dernière utilisation',
    passkeyNeverUsed: 'Jamais utilisée',
    unnamedPasskey: 'Clé d’accès',
    addPasskey: 'Ajouter une clé d’accès',
    addingPasskey: 'Ajout…',
    passkeyAdded: 'La clé d’accès a été ajoutée.',
    passkeyAddFailed: 'La clé d’accès n’a pas été ajoutée. Veuillez réessayer.',
    rename: 'Renommer',
    renamePasskey: (name: string) => `Renommer ${name}`,
    passkeyNameLabel: 'Nom de la clé d’accès',
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    passkeyNameEmpty: 'Saisissez un nom pour cette clé d’accès.',
    passkeyRenamed: (name: string) => `La clé d’accès s’appelle désormais ${name}.`,
    renameFailed: 'La clé d’accès n’a pas pu être renommée. Veuillez réessayer.',
    deletePasskey: (name: string) => `Supprimer ${name}`,
    delete: 'Supprimer',
    deleting: 'Suppression…',
    confirmRemoveTitle: (item: string) => `Supprimer ${item}${NBSP}?`,
    confirmRemoveEmail:
      'Vous ne pourrez plus vous connecter avec cette adresse e-mail ni y recevoir de messages.',
    confirmRemovePhone: 'Vous ne pourrez plus vous connecter avec ce numéro ni y recevoir de codes.',
    confirmRemoveTotpTitle: `Supprimer l’application d’authentification${NBSP}?`,
    confirmRemoveTotp: `La validation en deux étapes sera désactivée${NBSP}: la connexion ne demandera plus de code de l’application, et vos codes de secours ne fonctionneront plus.`,
    confirmDeletePasskeyTitle: (name: string) => `Supprimer la clé d’accès ${name}${NBSP}?`,
    confirmDeletePasskey:
      'Vous ne pourrez plus vous connecter avec cette clé d’accès. Elle peut encore figurer dans votre gestionnaire de mots de passe ; supprimez-la aussi là-bas.',
    confirmUnlinkTitle: (provider: string) => `Dissocier ${provider}${NBSP}?`,
    confirmUnlink: (provider: string) => `Vous ne pourrez plus vous connecter avec ${provider}.`,
    confirmSignOutOthersTitle: `Se déconnecter partout ailleurs${NBSP}?`,
    confirmSignOutOthers:
      'Tous les autres appareils et navigateurs connectés à ce compte seront déconnectés.',
    lastWayToSignIn: 'C’est votre seul moyen de connexion. Ajoutez-en un autre avant de le supprimer.',
    walletsSection: 'Portefeuilles',
    removeWallet: (address: string) => `Supprimer le portefeuille ${address}`,
    removeWalletConfirm: 'Supprimer',
    removingWallet: 'Suppression…',
    confirmRemoveWalletTitle: `Supprimer ce portefeuille${NBSP}?`,
    confirmRemoveWallet: (address: string) =>
      `Vous ne pourrez plus vous connecter avec le portefeuille ${address}.`,
    walletRemoved: (address: string) => `Le portefeuille ${address} a été supprimé.`,
    walletRemoveFailed: 'Le portefeuille n’a pas pu être supprimé. Veuillez réessayer.',
    noWallets: 'Aucun portefeuille n’est associé.',
  },
  authenticate: {
    heading: 'Connexion en cours',
    failedHeading: 'Ce lien de connexion n’a pas fonctionné',
    failedHint:
      'Un lien de connexion ne sert qu’une fois et expire. Demandez-en un nouveau depuis la page de connexion.',
    oauthFailedHeading: 'La connexion via le réseau social n’a pas abouti',
    oauthFailedHint:
      'Revenez à la page de connexion et réessayez, ou choisissez un autre moyen de connexion.',
    providerDetail: `Détails${NBSP}:`,
    backToSignIn: 'Retour à la connexion',
  },
  stepUp: {
    heading: 'Validation en deux étapes',
    codeIntro: 'Saisissez le code de votre application d’authentification',
    codeLabel: 'Code à 6 chiffres',
    codeHint:
      'Ouvrez votre application d’authentification et saisissez le code à 6 chiffres affiché pour ce compte.',
    verify: 'Vérifier',
    verifying: 'Vérification…',
    useRecoveryCode: 'Utiliser un code de secours',
    recoveryIntro:
      'Saisissez l’un des codes de secours enregistrés lors de la configuration de votre application d’authentification',
    recoveryLabel: 'Code de secours',
    recoveryHint: 'Chaque code de secours ne fonctionne qu’une fois.',
    useRecoveryCodeSubmit: 'Utiliser le code de secours',
    useAuthenticatorApp: 'Utiliser plutôt votre application d’authentification',
    totpLocked:
      'Votre application d’authentification est bloquée après trop de codes erronés. Saisissez l’un de vos codes de secours pour continuer ; il la débloquera.',
    signOut: 'Se déconnecter',
    checking: 'Vérification de votre connexion…',
    genericError: 'Cela n’a pas fonctionné. Vérifiez votre connexion et réessayez.',
  },
  resetPassword: {
    heading: 'Réinitialisation du mot de passe',
    missingToken: 'Ce lien de réinitialisation est incomplet.',
    missingTokenHint:
      'Un lien de réinitialisation ne sert qu’une fois et expire. Demandez-en un nouveau depuis la page de connexion.',
    continueToAccount: 'Accéder à votre compte',
    backToSignIn: 'Retour à la connexion',
  },
  notFound: {
    heading: 'Page introuvable',
    body: 'Il n’y a rien à cette adresse.',
    backToSignIn: 'Aller à la page de connexion',
  },
  configurationError: {
    heading: 'Erreur de configuration',
    missingToken:
      'Cette page n’a pas de jeton public. Ouvrez-la via le serveur Gatehouse (npm start) plutôt qu’en tant que fichier ou depuis le seul serveur de développement Vite.',
  },
};
