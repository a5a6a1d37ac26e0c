// Issue 27 item 1: French. Translator's notes:
// - Address: « vous » throughout (a sign-in form speaks to strangers; « tu » would read as over-familiar).
// - "Passkey": « clé d'accès » (Apple's and Google's French term), lower case like any common noun; SPEC §8's
//   capitalised "Passkey" is an English house style, not kept.
// - "Sign up or log in" → « Inscription ou connexion »: nouns, as French forms title their header (shorter than
//   « Inscrivez-vous ou connectez-vous », which wraps at 320px).
// - French punctuation: a no-break space (U+00A0) before ? ! : so the sign never starts a line.
// - "Email" → « E-mail » (what people say; « courriel » reads Québécois or administrative).
// - Plurals: « caractère(s) » through ICU plural (message-format.ts); French "one" covers 0 and 1.
// - Provider and wallet names are brands: unchanged.

import { PROVIDER_NAME_STRINGS } from '../methods/oauth/provider-names';
import type { LocaleTable } from './table';

export const fr: LocaleTable = {
  mainHeader: 'Inscription ou connexion',
  logoAlt: 'Logo',
  dividerText: 'ou',
  poweredBy: 'Propulsé par Gatehouse',
  loadingSection: 'Chargement…',
  configErrorPasskeysOnly:
    'Erreur\u00a0: les clés d’accès ne peuvent pas être utilisées seules, ajoutez un autre produit à la configuration.',
  configErrorEmlAndEmailOtp:
    'Erreur\u00a0: impossible d’utiliser à la fois les liens de connexion et les codes par e-mail',
  tabText: 'SMS',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'E-mail',
  emailLabel: 'E-mail',
  emailPlaceholder: 'exemple@email.com',
  continueWithEmail: 'Continuer avec l’e-mail',
  invalidEmailAddress: 'Adresse e-mail invalide',
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  didNotGetIt: 'Rien reçu\u00a0?',
  resendEmail: 'Renvoyer l’e-mail',
  emailResent: 'E-mail renvoyé',
  invalidPhoneNumber: 'Numéro de téléphone invalide, veuillez réessayer.',
  back: 'Retour',
  invalidPasscode: 'Code invalide, veuillez réessayer.',
  passkeyRegistrationNotFound:
    'Clé d’accès introuvable. Vous l’avez peut-être supprimée de votre compte mais pas de votre gestionnaire de mots de passe. Veuillez réessayer.',
  passkeyUnknownError:
    'Une erreur inconnue s’est produite lors de la connexion avec la clé d’accès. Veuillez réessayer.',
  passkeyAlreadyRegistered:
    'La clé d’accès ne peut pas être créée, car elle semble déjà enregistrée. Elle a peut-être été créée sur un autre appareil puis synchronisée.',
  passkeyNotCreated:
    'Votre clé d’accès n’a pas été créée. Cliquez sur «\u00a0Créer une clé d’accès\u00a0» pour réessayer, ou passez cette étape.',
  loginSuccessTitle: 'C’est fait\u00a0!',
  loginSuccessText: 'Vous êtes connecté.',
  loggingIn: 'Connexion',
  authenticating: 'Connexion en cours…',
  missingToken: 'Ce lien de connexion est incomplet. Veuillez en demander un nouveau.',
  unsupportedTokenType: 'Ce lien de connexion n’est pas pris en charge ici. Veuillez en demander un nouveau.',
  oauthAccessDenied: 'La connexion a été annulée chez le fournisseur. Rien n’a été partagé avec ce site.',
  oauthFailed: 'Le fournisseur n’a pas pu vous connecter. Veuillez réessayer.',
  resetPasswordTitle: 'Réinitialiser votre mot de passe',
  continue: 'Continuer',
  configErrorResetPasswordWithoutPasswords:
    'Erreur\u00a0: le composant ResetPassword nécessite le produit passwords dans la configuration.',
  passkeyRegistrationTitle: 'Configurer une nouvelle clé d’accès',
  skip: 'Passer',
  passkeyCreatedTitle: 'Clé d’accès créée\u00a0!',
  edit: 'Modifier',
  delete: 'Supprimer',
  save: 'Enregistrer',
  cancel: 'Annuler',
  passkeyRegistrationWithoutUser:
    'Erreur\u00a0: le composant PasskeyRegistration nécessite un utilisateur connecté.',
  continueWithProvider: 'Continuer avec {provider}',
  oneTapRegion: 'Se connecter avec Google One Tap',
  errorHelpLink: 'En savoir plus',
  genericError: 'Une erreur s’est produite. Veuillez réessayer.',
  dismiss: 'Fermer',
  notificationsLabel: 'Notifications',
  loginLinkUnusable: 'Ce lien de connexion a expiré ou a déjà été utilisé. Veuillez en demander un nouveau.',
  startedInOtherBrowser:
    'Cette connexion doit être terminée dans le navigateur où elle a commencé. Veuillez recommencer ici.',
  socialSignInUnusable: 'Cette connexion a expiré ou est déjà terminée. Veuillez recommencer.',
  emailTaken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  phoneNumberTaken: 'Ce numéro de téléphone est déjà utilisé par un autre compte.',
  serviceUnreachable: 'Impossible de joindre les serveurs Gatehouse. Êtes-vous en ligne\u00a0?',

  walletVessel: 'Vessel',
  walletPhantom: 'Phantom',
  walletMetamask: 'Metamask',
  walletCoinbase: 'Coinbase',
  walletBinance: 'Binance',
  walletOtherEthereum: 'Autre portefeuille Ethereum',
  walletOtherSolana: 'Autre portefeuille Solana',
  continueWithOtherCryptoWallet: 'Continuer avec un autre portefeuille crypto',
  setUpNewCryptoWallet: 'Créer un portefeuille crypto',
  cryptoOtherTitle: 'Continuer avec un autre portefeuille',
  cryptoSetupTitle: 'Créer un portefeuille crypto',
  cryptoSetupText: 'Se connecter avec un portefeuille crypto aide à garder votre compte privé et sûr.',
  cryptoSetupGetStarted:
    'Pour commencer, téléchargez un portefeuille Ethereum ou Solana. Vous trouverez ci-dessous quelques extensions de portefeuille. Une fois votre portefeuille prêt, vous pourrez l’utiliser pour vous connecter\u00a0!',
  cryptoConnectTitle: 'Connexion à votre portefeuille…',
  cryptoConnectText: 'Terminez la connexion dans la fenêtre du portefeuille, dans le coin de votre écran.',
  cryptoSignTitle: 'Signature en cours…',
  cryptoSignText:
    'Validez la demande de signature dans la fenêtre du portefeuille, dans le coin de votre écran.',
  cryptoTrouble: 'Un problème\u00a0? Revenez à l’écran principal avec la flèche retour et réessayez.',
  cryptoConfirmationTitle: 'C’est fait\u00a0!',
  cryptoConfirmationText: 'Votre portefeuille est connecté.',
  cryptoErrorTitle: 'Une erreur s’est produite\u00a0!',
  cryptoErrorText:
    'Votre connexion n’a pas pu aboutir. Revenez à l’écran de connexion avec la flèche retour et réessayez.',
  cryptoConnectFailed: '[Erreur] Connexion au portefeuille impossible',
  cryptoSignFailed: '[Erreur] Signature du message impossible',

  checkYourEmail: 'Consultez vos e-mails',
  emailSentTo: 'Un e-mail a été envoyé à {email}.',
  openGmail: 'Ouvrir Gmail',
  openYahoo: 'Ouvrir Yahoo',
  openOutlook: 'Ouvrir Outlook',
  tryAgain: 'Réessayer',

  // Brand names: the English table's, shared.

  ...PROVIDER_NAME_STRINGS,
  oneTapLoading: 'Chargement de Google One Tap…',
  oneTapOriginNotAllowed:
    'One Tap ne peut pas s’afficher\u00a0: ce domaine n’est pas autorisé pour ce projet. Ajoutez-le aux origines autorisées du client Google et du projet.',
  oneTapInvalidClient:
    'One Tap ne peut pas s’afficher\u00a0: Google ne reconnaît pas l’identifiant client. Il doit correspondre au client Google du projet.',
  oneTapConfigNotFound:
    'One Tap ne peut pas s’afficher\u00a0: aucun client OAuth Google n’est configuré pour ce projet.',
  oneTapNoLoginRedirectUrls:
    'One Tap nécessite une URL de redirection de connexion. Définissez-en une pour le projet.',
  oneTapNoSignupRedirectUrls:
    'One Tap nécessite une URL de redirection d’inscription. Définissez-en une pour le projet.',
  oneTapDefaultProviderNotAllowed:
    'One Tap ne peut pas s’afficher\u00a0: le fournisseur OAuth par défaut de ce projet n’est pas compatible avec One Tap.',

  phoneLabel: 'Numéro de téléphone',
  countryLabel: 'Pays',
  countryOption: '{country} (+{code})',
  countryCompact: '{region} +{code}',
  phonePlaceholder: '06 12 34 56 78',
  continueWithText: 'Continuer par SMS',
  continueWithWhatsApp: 'Continuer avec WhatsApp',
  continueWithEmailPasscode: 'Continuer avec l’e-mail',
  invalidEmail: 'E-mail invalide, veuillez réessayer.',
  enterPasscode: 'Saisissez le code',
  passcodeSentTo: 'Un code à 6 chiffres vous a été envoyé à {destination}.',
  passcodeLabel: 'Code à usage unique',
  verifyingPasscode: 'Vérification du code…',
  codeExpiresIn: 'Votre code expire dans {time}.',
  codeExpired: 'Votre code a expiré.',
  didNotGetCode: 'Rien reçu\u00a0?',
  resendCode: 'Renvoyer le code',
  codeResent: 'Code renvoyé',
  otpConfirmationTitle: 'C’est fait',
  otpConfirmationText: 'Votre code a bien été vérifié.',
  passcodeExpired: 'Ce code a expiré. Utilisez «\u00a0Renvoyer le code\u00a0» pour en recevoir un nouveau.',

  passkeyRegistrationText:
    'Les clés d’accès vous connectent avec votre empreinte, votre visage ou le verrouillage de l’écran, sans mot de passe ni code.',
  createPasskey: 'Créer une clé d’accès',
  existingPasskeys: 'Clés d’accès existantes',
  noPasskeys: 'Aucune clé d’accès pour l’instant.',
  setUpAnotherPasskey: 'Configurer une autre clé d’accès',
  done: 'Terminé',
  editPasskey: 'Modifier {name}',
  deletePasskey: 'Supprimer {name}',
  passkeyNameLabel: 'Nom de la clé d’accès',
  deleteWarning: 'Une fois supprimée, la clé d’accès ne peut pas être restaurée.',
  deleteConfirm: 'Supprimer',
  yourPasskeys: 'Vos clés d’accès',
  passkeysDoneTitle: 'Tout est prêt',
  passkeysDoneText: 'Vos clés d’accès sont enregistrées. Vous pouvez vous connecter avec n’importe laquelle.',
  managePasskeys: 'Gérer les clés d’accès',
  passkeyNameRequired: 'Donnez un nom à cette clé d’accès.',

  loginWithPasskey: 'Se connecter avec une clé d’accès',
  passkeyConfirmationTitle: 'C’est fait',
  passkeyConfirmationText: 'Votre clé d’accès a bien été vérifiée.',

  passwordLoginTitle: 'Connexion',
  passwordLabel: 'Mot de passe',
  showPassword: 'Afficher le mot de passe',
  forgotPassword: 'Mot de passe oublié\u00a0?',
  passwordCreateTitle: 'Créer un compte',
  passwordCreateText: 'Terminez la création de votre compte en choisissant un mot de passe.',
  chooseHowToCreate: 'Choisissez comment créer votre compte.',
  emailMeLoginLink: 'Recevoir un lien de connexion par e-mail',
  emailMeLoginCode: 'Recevoir un code de connexion par e-mail',
  passwordForgotTitle: 'Mot de passe oublié\u00a0?',
  passwordForgotText: 'Un lien pour réinitialiser votre mot de passe vous a été envoyé à {email}.',
  passwordBreachedTitle: 'Consultez vos e-mails pour choisir un nouveau mot de passe',
  passwordBreachedText:
    'Un autre site où vous utilisez ce même mot de passe a récemment subi un incident de sécurité. Par précaution, un e-mail vous a été envoyé à {email} pour réinitialiser votre mot de passe.',
  passwordSetNewTitle: 'Consultez vos e-mails\u00a0!',
  passwordSetNewText: 'Un lien de connexion vous a été envoyé à {email}.',
  passwordDedupeTitle: 'Consultez vos e-mails pour choisir un nouveau mot de passe\u00a0!',
  passwordDedupeText:
    'Nous voulons nous assurer que votre compte est protégé et que c’est bien vous. Un lien pour choisir un nouveau mot de passe vous a été envoyé à {email}.',
  loginWithoutPassword: 'Se connecter sans mot de passe',
  passwordConfirmationTitle: 'C’est fait\u00a0!',
  passwordConfirmationText: 'Vous êtes connecté.',
  passwordResetConfirmationTitle: 'Mot de passe modifié',
  passwordResetConfirmationText: 'Votre mot de passe a été modifié et vous êtes connecté.',
  passwordStrength: 'Robustesse du mot de passe\u00a0: {score} sur 4',
  passwordAccepted: 'Mot de passe accepté.',
  passwordNotAccepted: 'Mot de passe refusé.',
  ludsMinimumLength: 'Doit contenir au moins {count, plural, one {# caractère} other {# caractères}}',
  ludsComplexity: 'Doit contenir {count} des éléments suivants\u00a0: majuscule, minuscule, chiffre, symbole',
  requirementMet: 'Respecté\u00a0:',
  requirementNotMet: 'Non respecté\u00a0:',
  passwordBreachedWarning:
    'Ce mot de passe a peut-être été utilisé sur un autre site victime d’un incident de sécurité. Veuillez en choisir un autre.',
  hidePassword: 'Masquer le mot de passe',
  passwordMinimumLengthHint: 'Au moins {count, plural, one {# caractère} other {# caractères}}.',
  passwordHintKeyboardRow: 'Les touches voisines du clavier sont faciles à deviner.',
  passwordHintKeyboardPattern: 'Les motifs de clavier courts sont faciles à deviner.',
  passwordHintRepeat: 'Les caractères répétés comme «\u00a0aaa\u00a0» sont faciles à deviner.',
  passwordHintRepeatPattern: 'Les motifs répétés comme «\u00a0abcabcabc\u00a0» sont faciles à deviner.',
  passwordHintSequence: 'Les suites comme «\u00a0abc\u00a0» ou «\u00a0123\u00a0» sont faciles à deviner.',
  passwordHintRecentYear: 'Les années récentes sont faciles à deviner.',
  passwordHintDate: 'Les dates sont faciles à deviner.',
  passwordHintVeryCommon: 'C’est l’un des mots de passe les plus utilisés.',
  passwordHintCommon: 'C’est un mot de passe courant.',
  passwordHintSimilarToCommon: 'Il ressemble trop à un mot de passe courant.',
  passwordHintSingleWord: 'Un mot seul est facile à deviner.',
  passwordHintName: 'Les noms sont faciles à deviner.',
  passwordHintPersonalData: 'N’utilisez ni votre nom ni votre adresse e-mail dans votre mot de passe.',
  passwordHintBreached: 'Ce mot de passe figure dans une fuite de données.',
  passwordHintSubstitution:
    'Remplacer des lettres par des signes ressemblants (comme «\u00a0@\u00a0» pour «\u00a0a\u00a0») ne rend pas un mot plus difficile à deviner.',
  passwordHintReversed: 'Les mots courants écrits à l’envers sont faciles à deviner.',
  passwordHintAllCaps: 'Mettez quelques lettres en majuscules, mais pas toutes.',
  passwordHintCapitalization: 'Mettez en majuscule plus que la première lettre.',
  passwordHintPersonalDates: 'Évitez les dates et les années qui comptent pour vous.',
  passwordHintAvoidRecentYears: 'Évitez les années récentes.',
  passwordHintAvoidSequences: 'Évitez les suites comme «\u00a0abc\u00a0» ou «\u00a0123\u00a0».',
  passwordHintAvoidRepeats: 'Évitez les mots et caractères répétés.',
  passwordHintLongerPattern:
    'Utilisez des motifs de clavier plus longs qui changent plusieurs fois de direction.',
  passwordHintMoreWords: 'Ajoutez quelques mots moins courants.',
  passwordHintUseWords: 'Utilisez plusieurs mots, mais pas une expression connue.',
  passwordHintNoSymbolsNeeded:
    'Un mot de passe long n’a besoin ni de symboles, ni de chiffres, ni de majuscules pour être solide.',
  passwordHintChangeElsewhere: 'Si vous utilisez ce mot de passe ailleurs, changez-le là aussi.',

  reauthenticationTitle: 'Confirmez votre identité',
  reauthenticationRecentText:
    'Pour votre sécurité, cette modification nécessite une connexion récente. Confirmez votre identité pour continuer.',
  reauthenticationSecondFactorText:
    'Cette modification nécessite d’abord un code de votre application d’authentification.',
  reauthenticationPasskeyText: 'Utilisez l’une de vos clés d’accès pour confirmer.',
  reauthenticationUsePasskey: 'Utiliser une clé d’accès',
  reauthenticationPasskeyFailed:
    'Votre clé d’accès n’a pas été utilisée. Réessayez ou choisissez un autre moyen.',
  reauthenticationTotpText: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  reauthenticationTotpLabel: 'Code de l’application d’authentification',
  reauthenticationPasswordText: 'Saisissez votre mot de passe.',
  reauthenticationEmailCodeText: 'Nous allons envoyer un code à 6 chiffres à {email}.',
  reauthenticationSendCode: 'M’envoyer un code par e-mail',
  reauthenticationSending: 'Envoi…',
  reauthenticationCodeSent: 'Un code à 6 chiffres a été envoyé à {email}.',
  reauthenticationCodeLabel: 'Code reçu par e-mail',
  reauthenticationSendNewCode: 'Envoyer un nouveau code',
  reauthenticationConfirm: 'Confirmer',
  reauthenticationConfirming: 'Vérification…',
  reauthenticationRetrying: 'Confirmé. Finalisation de votre modification…',
  reauthenticationOtherWays: 'Autres moyens de confirmer',
  reauthenticationUsePasskeyInstead: 'Utiliser plutôt une clé d’accès',
  reauthenticationUseTotpInstead: 'Utiliser plutôt votre application d’authentification',
  reauthenticationUsePasswordInstead: 'Utiliser plutôt votre mot de passe',
  reauthenticationUseEmailCodeInstead: 'Recevoir plutôt un code par e-mail',
  reauthenticationUnavailable:
    'Aucun de vos moyens de connexion ne peut confirmer ici. Déconnectez-vous, reconnectez-vous, puis refaites cette modification.',
};
