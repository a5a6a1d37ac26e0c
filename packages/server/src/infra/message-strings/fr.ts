// Issue 27 item 1: French texts of the e-mails and text messages. Typed against en.ts (a missing key fails the
// typecheck). Translator's notes:
// - "e-mail" (Académie and most French sites), "lien de connexion" for login link, "code" rather than "passcode"
//   ("code d'accès" in subjects where "code" alone would be vague).
// - Vouvoiement throughout, as a service writes to a customer.
// - French typography wants a narrow no-break space before « : » and « ? »; mail clients and SMS handle it poorly,
//   so an ordinary space is used.
// - The SMS is shortened ("Ne le partagez pas.") to stay within one GSM-7 segment (é, è, à are in GSM-7).
import type { MessageCatalog } from './index';

export const fr: MessageCatalog = {
  'email.pasteLink': 'Ou collez ce lien dans votre navigateur :',

  'magicLink.login.subject': 'Votre lien de connexion à {project}',
  'magicLink.login.action': 'Se connecter',
  'magicLink.login.intro': 'Cliquez sur le lien ci-dessous pour vous connecter à {project}.',
  'magicLink.signup.subject': 'Terminez votre inscription à {project}',
  'magicLink.signup.action': "Terminer l'inscription",
  'magicLink.signup.intro':
    'Cliquez sur le lien ci-dessous pour terminer la création de votre compte {project}.',
  'magicLink.outro':
    "Ce lien expire dans {lifetime} et ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez cet e-mail.",

  'otp.sms': '{code} est votre code {project}. Il expire dans {lifetime}. Ne le partagez pas.',
  'otp.login.subject': "Votre code d'accès à {project}",
  'otp.login.intro': 'Saisissez ce code pour vous connecter à {project} :',
  'otp.signup.subject': 'Votre code pour terminer votre inscription à {project}',
  'otp.signup.intro': 'Saisissez ce code pour terminer la création de votre compte {project} :',
  'otp.outro':
    "Ce code expire dans {lifetime} et ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez cet e-mail.",

  'reset.requested.subject': 'Réinitialisez votre mot de passe {project}',
  'reset.requested.intro':
    'Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe pour votre compte {project}.',
  'reset.belowPolicy.subject': 'Veuillez choisir un nouveau mot de passe {project}',
  'reset.belowPolicy.intro':
    'Vous venez de vous connecter à {project} avec un mot de passe plus court que ce que {project} demande désormais. Il fonctionne toujours, mais cliquez sur le lien ci-dessous pour en choisir un nouveau.',
  'reset.action': 'Réinitialiser le mot de passe',
  'reset.outro':
    "Ce lien expire dans {lifetime} et ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",

  'signInAfterFailures.subject': {
    one: 'Nouvelle connexion à votre compte {project} après {count} tentative échouée',
    other: 'Nouvelle connexion à votre compte {project} après {count} tentatives échouées',
  },
  'signInAfterFailures.intro': {
    one: "Quelqu'un s'est connecté à votre compte {project} avec votre mot de passe le {when}, après {count} tentative échouée.",
    other:
      "Quelqu'un s'est connecté à votre compte {project} avec votre mot de passe le {when}, après {count} tentatives échouées d'affilée.",
  },
  'signInAfterFailures.advice':
    "Si c'était vous, il n'y a rien à faire. Sinon, quelqu'un connaît peut-être votre mot de passe : réinitialisez-le dès maintenant avec « Mot de passe oublié ? » sur la page de connexion de {project}.",

  'notice.label.changed': 'Modifié le',
  'notice.label.signedIn': 'Connexion le',
  'notice.label.lastAttempt': 'Dernière tentative',
  'notice.label.device': 'Appareil',
  'notice.label.ip': 'Adresse IP',
  'notice.unknownDevice': 'Appareil inconnu',
  'notice.unknownIp': 'inconnue',
  'notice.ifYou.nothing': "Si c'était vous, il n'y a rien à faire.",
  'notice.takeBack':
    "Si ce n'était pas vous, quelqu'un d'autre est peut-être connecté à votre compte. Connectez-vous vous-même à {project} dès maintenant, {remove}, vérifiez vos clés d'accès, votre application d'authentification et vos sessions, et réinitialisez votre mot de passe avec « Mot de passe oublié ? » sur la page de connexion.",
  'notice.takeBack.plain':
    "Si ce n'était pas vous, quelqu'un d'autre est peut-être connecté à votre compte. Connectez-vous vous-même à {project} dès maintenant, vérifiez vos clés d'accès, votre application d'authentification et vos sessions, et réinitialisez votre mot de passe avec « Mot de passe oublié ? » sur la page de connexion.",
  'notice.remove.passkey': "supprimez cette clé d'accès",
  'notice.remove.authenticator': "supprimez l'application d'authentification",
  'notice.remove.setUpAuthenticatorAgain': "configurez à nouveau votre application d'authentification",
  'notice.remove.email': 'supprimez cette adresse',
  'notice.remove.phone': 'supprimez ce numéro de téléphone',
  'notice.closing':
    "Ceci est un avis de sécurité automatique de {project}. Il ne contient aucun lien et ne demande jamais de mot de passe ni de code : pour agir, ouvrez vous-même la page de connexion de {project}. Pour obtenir de l'aide, contactez le support de {project}.",
  'notice.sms': '{project} : {what} le {when} ({device}, IP {ip}). {advice}',
  'notice.sms.takeBack': 'Pas vous ? Connectez-vous, vérifiez clés et sessions, changez de mot de passe.',
  'notice.sms.resetAndReview': 'Pas vous ? Réinitialisez votre mot de passe et vérifiez vos sessions.',

  'notice.passwordSet.subject': 'Un mot de passe a été défini sur votre compte {project}',
  'notice.passwordSet.happened':
    'Un mot de passe a été défini sur votre compte {project}. Il peut désormais servir à se connecter.',
  'notice.passwordSet.ifNotYou':
    "Si ce n'était pas vous, quelqu'un d'autre peut maintenant se connecter avec ce mot de passe. Réinitialisez-le dès maintenant avec « Mot de passe oublié ? » sur la page de connexion de {project}, puis connectez-vous et vérifiez vos clés d'accès, votre application d'authentification et vos sessions.",
  'notice.passwordSet.sms': 'un mot de passe a été défini sur votre compte',

  'notice.passwordChanged.subject': 'Votre mot de passe {project} a été modifié',
  'notice.passwordChanged.happened':
    'Le mot de passe de votre compte {project} a été modifié. Vos autres sessions ont été déconnectées.',
  'notice.passwordChanged.ifNotYou':
    "Si ce n'était pas vous, quelqu'un d'autre connaît votre nouveau mot de passe. Réinitialisez-le dès maintenant avec « Mot de passe oublié ? » sur la page de connexion de {project}, puis connectez-vous et vérifiez vos clés d'accès, votre application d'authentification et vos sessions.",
  'notice.passwordChanged.sms': 'votre mot de passe a été modifié',

  'notice.passkeyAdded.subject': "Une clé d'accès a été ajoutée à votre compte {project}",
  'notice.passkeyAdded.happened':
    "Une clé d'accès nommée « {name} » a été ajoutée à votre compte {project}. Elle peut servir à se connecter.",
  'notice.passkeyAdded.sms': "une clé d'accès a été ajoutée à votre compte",

  'notice.passkeyRemoved.subject': "Une clé d'accès a été supprimée de votre compte {project}",
  'notice.passkeyRemoved.happened':
    "La clé d'accès nommée « {name} » a été supprimée de votre compte {project}. Elle ne peut plus servir à se connecter.",
  'notice.passkeyRemoved.sms': "une clé d'accès a été supprimée de votre compte",

  'notice.totpAdded.subject': "Une application d'authentification a été ajoutée à votre compte {project}",
  'notice.totpAdded.happened':
    "Une application d'authentification a été configurée pour la validation en deux étapes de votre compte {project}. Ses codes peuvent désormais servir à se connecter.",
  'notice.totpAdded.sms': "une application d'authentification a été ajoutée à votre compte",

  'notice.totpRemoved.subject': "L'application d'authentification a été supprimée de votre compte {project}",
  'notice.totpRemoved.happened':
    "L'application d'authentification a été supprimée de votre compte {project}. La connexion ne demande plus ses codes, et ses codes de récupération ne fonctionnent plus.",
  'notice.totpRemoved.sms': "l'application d'authentification a été supprimée de votre compte",

  'notice.emailAdded.subject': 'Une adresse e-mail a été ajoutée à votre compte {project}',
  'notice.emailAdded.happened':
    "L'adresse e-mail {email} a été ajoutée à votre compte {project}. Elle peut servir à se connecter.",
  'notice.emailAdded.sms': 'une adresse e-mail a été ajoutée à votre compte',

  'notice.phoneAdded.subject': 'Un numéro de téléphone a été ajouté à votre compte {project}',
  'notice.phoneAdded.happened':
    'Le numéro de téléphone {phone} a été ajouté à votre compte {project}. Il peut servir à se connecter.',
  'notice.phoneAdded.sms': 'un numéro de téléphone a été ajouté à votre compte',

  'notice.recoveryCodeUsed.subject':
    'Un code de récupération a servi à se connecter à votre compte {project}',
  'notice.recoveryCodeUsed.happened':
    "Quelqu'un s'est connecté à votre compte {project} avec l'un de ses codes de récupération. {left}",
  // French counts 0 and 1 as singular ("0 code restant").
  'notice.recoveryCodeUsed.left': {
    one: 'Il reste {count} code de récupération.',
    other: 'Il reste {count} codes de récupération.',
  },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    "Si c'était vous, configurez à nouveau votre application d'authentification pour obtenir de nouveaux codes de récupération.",
  'notice.recoveryCodeUsed.sms': 'un code de récupération a servi à se connecter (reste : {count})',

  'notice.passwordLocked.subject': 'La connexion par mot de passe à votre compte {project} est bloquée',
  'notice.passwordLocked.happened': {
    one: 'Votre mot de passe {project} ne peut plus servir à se connecter : il a été mal saisi {count} fois.',
    other:
      "Votre mot de passe {project} ne peut plus servir à se connecter : il a été mal saisi {count} fois d'affilée.",
  },
  'notice.passwordLocked.ifYou':
    'Pour vous connecter à nouveau avec un mot de passe, réinitialisez-le avec « Mot de passe oublié ? » sur la page de connexion de {project}.',
  'notice.passwordLocked.ifNotYou':
    "Si ces tentatives ne venaient pas de vous, quelqu'un essaie de deviner votre mot de passe. Réinitialisez-le quand même et choisissez-en un que vous n'utilisez nulle part ailleurs. Si vous ne pouvez pas vous connecter, contactez le support de {project}.",
  'notice.passwordLocked.sms': {
    other: "la connexion par mot de passe est bloquée après {count} échecs d'affilée",
  },
  'notice.passwordLocked.smsAdvice': 'Réinitialisez votre mot de passe pour vous en resservir.',

  'notice.totpLocked.subject': "Les codes d'authentification sont bloqués sur votre compte {project}",
  'notice.totpLocked.happened': {
    other:
      "Les codes de votre application d'authentification ne peuvent plus servir à vous connecter à votre compte {project} : {count} codes erronés ont été saisis d'affilée.",
  },
  'notice.totpLocked.ifYou':
    "Pour vous connecter, utilisez plutôt l'un de vos codes de récupération, puis configurez à nouveau votre application d'authentification.",
  'notice.totpLocked.ifNotYou':
    "Si ces tentatives ne venaient pas de vous, quelqu'un a franchi votre première étape de connexion : réinitialisez votre mot de passe et vérifiez vos sessions après vous être connecté avec un code de récupération. Si vous ne pouvez pas vous connecter, contactez le support de {project}.",
  'notice.totpLocked.sms': {
    other: "les codes d'authentification sont bloqués après {count} échecs d'affilée",
  },
  'notice.totpLocked.smsAdvice': 'Connectez-vous avec un code de récupération.',
};
