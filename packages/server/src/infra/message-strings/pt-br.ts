// Issue 27 item 1: Brazilian Portuguese texts of the e-mails and text messages. Typed against en.ts (a missing key
// fails the typecheck). Translator's notes:
// - "você" and Brazilian usage: "e-mail", "link", "senha" (password), "chave de acesso" (passkey, Google's pt-BR
//   UI), "app autenticador", "Esqueceu a senha?" as the widget's link reads.
// - The SMS calls the passcode "senha" ("sua senha Gatehouse", as Brazilian banks word one-time codes) rather than
//   "código": ó, ã and ç are not in the GSM-7 alphabet, and one of them makes the whole text UCS-2 (70 characters a
//   segment). "é" is in GSM-7. "Nunca a compartilhe" avoids "Não" (ã) for the same reason.
import type { MessageCatalog } from './index';

export const ptBR: MessageCatalog = {
  'email.pasteLink': 'Ou cole este link no seu navegador:',

  'magicLink.login.subject': 'Seu link de acesso ao {project}',
  'magicLink.login.action': 'Entrar',
  'magicLink.login.intro': 'Clique no link abaixo para entrar no {project}.',
  'magicLink.signup.subject': 'Conclua seu cadastro no {project}',
  'magicLink.signup.action': 'Concluir cadastro',
  'magicLink.signup.intro': 'Clique no link abaixo para concluir a criação da sua conta no {project}.',
  'magicLink.outro':
    'Este link expira em {lifetime} e funciona uma única vez. Se você não o solicitou, pode ignorar este e-mail.',

  'otp.sms': '{code} é sua senha {project}. Expira em {lifetime}. Nunca a compartilhe.',
  'otp.login.subject': 'Seu código de acesso ao {project}',
  'otp.login.intro': 'Digite este código para entrar no {project}:',
  'otp.signup.subject': 'Seu código para concluir o cadastro no {project}',
  'otp.signup.intro': 'Digite este código para concluir a criação da sua conta no {project}:',
  'otp.outro':
    'Este código expira em {lifetime} e funciona uma única vez. Se você não o solicitou, pode ignorar este e-mail.',

  'reset.requested.subject': 'Redefina sua senha do {project}',
  'reset.requested.intro': 'Clique no link abaixo para criar uma nova senha para sua conta no {project}.',
  'reset.belowPolicy.subject': 'Escolha uma nova senha do {project}',
  'reset.belowPolicy.intro':
    'Você acabou de entrar no {project} com uma senha mais curta do que o {project} exige agora. Ela ainda funciona, mas clique no link abaixo para escolher uma nova.',
  'reset.action': 'Redefinir senha',
  'reset.outro':
    'Este link expira em {lifetime} e funciona uma única vez. Se você não o solicitou, pode ignorar este e-mail: sua senha continua a mesma.',

  'signInAfterFailures.subject': {
    one: 'Novo acesso à sua conta no {project} após {count} tentativa malsucedida',
    other: 'Novo acesso à sua conta no {project} após {count} tentativas malsucedidas',
  },
  'signInAfterFailures.intro': {
    one: 'Alguém entrou na sua conta no {project} com a sua senha em {when}, após {count} tentativa malsucedida.',
    other:
      'Alguém entrou na sua conta no {project} com a sua senha em {when}, após {count} tentativas malsucedidas seguidas.',
  },
  'signInAfterFailures.advice':
    'Se foi você, não há nada a fazer. Se não foi, alguém pode saber a sua senha: redefina-a agora com "Esqueceu a senha?" na página de acesso do {project}.',

  'notice.label.changed': 'Alterado em',
  'notice.label.signedIn': 'Acesso em',
  'notice.label.lastAttempt': 'Última tentativa',
  'notice.label.device': 'Dispositivo',
  'notice.label.ip': 'Endereço IP',
  'notice.unknownDevice': 'Dispositivo desconhecido',
  'notice.unknownIp': 'desconhecido',
  'notice.ifYou.nothing': 'Se foi você, não há nada a fazer.',
  'notice.takeBack':
    'Se não foi você, outra pessoa pode estar conectada à sua conta. Entre no {project} você mesmo agora, {remove}, revise suas chaves de acesso, seu app autenticador e suas sessões, e redefina sua senha com "Esqueceu a senha?" na página de acesso.',
  'notice.takeBack.plain':
    'Se não foi você, outra pessoa pode estar conectada à sua conta. Entre no {project} você mesmo agora, revise suas chaves de acesso, seu app autenticador e suas sessões, e redefina sua senha com "Esqueceu a senha?" na página de acesso.',
  'notice.remove.passkey': 'remova esta chave de acesso',
  'notice.remove.authenticator': 'remova o app autenticador',
  'notice.remove.setUpAuthenticatorAgain': 'configure seu app autenticador de novo',
  'notice.remove.email': 'remova este endereço',
  'notice.remove.phone': 'remova este número de telefone',
  'notice.closing':
    'Este é um aviso de segurança automático do {project}. Ele não contém nenhum link e nunca pede senha nem código: para agir, abra você mesmo a página de acesso do {project}. Se precisar de ajuda, fale com o suporte do {project}.',
  'notice.sms': '{project}: {what} em {when} ({device}, IP {ip}). {advice}',
  'notice.sms.takeBack': 'Não foi você? Entre, revise chaves e sessões, redefina sua senha.',
  'notice.sms.resetAndReview': 'Não foi você? Redefina sua senha agora e revise suas sessões.',

  'notice.passwordSet.subject': 'Uma senha foi definida na sua conta no {project}',
  'notice.passwordSet.happened':
    'Uma senha foi definida na sua conta no {project}. Agora ela pode ser usada para entrar.',
  'notice.passwordSet.ifNotYou':
    'Se não foi você, outra pessoa agora pode entrar com essa senha. Redefina-a agora com "Esqueceu a senha?" na página de acesso do {project}; depois entre e revise suas chaves de acesso, seu app autenticador e suas sessões.',
  'notice.passwordSet.sms': 'uma senha foi definida na sua conta',

  'notice.passwordChanged.subject': 'Sua senha do {project} foi alterada',
  'notice.passwordChanged.happened':
    'A senha da sua conta no {project} foi alterada. Suas outras sessões foram encerradas.',
  'notice.passwordChanged.ifNotYou':
    'Se não foi você, outra pessoa sabe a sua nova senha. Redefina-a agora com "Esqueceu a senha?" na página de acesso do {project}; depois entre e revise suas chaves de acesso, seu app autenticador e suas sessões.',
  'notice.passwordChanged.sms': 'sua senha foi alterada',

  'notice.passkeyAdded.subject': 'Uma chave de acesso foi adicionada à sua conta no {project}',
  'notice.passkeyAdded.happened':
    'Uma chave de acesso chamada “{name}” foi adicionada à sua conta no {project}. Ela pode ser usada para entrar.',
  'notice.passkeyAdded.sms': 'uma chave de acesso foi adicionada à sua conta',

  'notice.passkeyRemoved.subject': 'Uma chave de acesso foi removida da sua conta no {project}',
  'notice.passkeyRemoved.happened':
    'A chave de acesso chamada “{name}” foi removida da sua conta no {project}. Ela não pode mais ser usada para entrar.',
  'notice.passkeyRemoved.sms': 'uma chave de acesso foi removida da sua conta',

  'notice.totpAdded.subject': 'Um app autenticador foi adicionado à sua conta no {project}',
  'notice.totpAdded.happened':
    'Um app autenticador foi configurado para a verificação em duas etapas da sua conta no {project}. Os códigos dele agora podem ser usados para entrar.',
  'notice.totpAdded.sms': 'um app autenticador foi adicionado à sua conta',

  'notice.totpRemoved.subject': 'O app autenticador foi removido da sua conta no {project}',
  'notice.totpRemoved.happened':
    'O app autenticador foi removido da sua conta no {project}. O acesso não pede mais os códigos dele, e os códigos de recuperação dele não funcionam mais.',
  'notice.totpRemoved.sms': 'o app autenticador foi removido da sua conta',

  'notice.emailAdded.subject': 'Um endereço de e-mail foi adicionado à sua conta no {project}',
  'notice.emailAdded.happened':
    'O endereço de e-mail {email} foi adicionado à sua conta no {project}. Ele pode ser usado para entrar.',
  'notice.emailAdded.sms': 'um endereço de e-mail foi adicionado à sua conta',

  'notice.phoneAdded.subject': 'Um número de telefone foi adicionado à sua conta no {project}',
  'notice.phoneAdded.happened':
    'O número de telefone {phone} foi adicionado à sua conta no {project}. Ele pode ser usado para entrar.',
  'notice.phoneAdded.sms': 'um número de telefone foi adicionado à sua conta',

  'notice.recoveryCodeUsed.subject':
    'Um código de recuperação foi usado para entrar na sua conta no {project}',
  'notice.recoveryCodeUsed.happened':
    'Alguém entrou na sua conta no {project} com um dos seus códigos de recuperação. {left}',
  // Portuguese counts 0 and 1 as singular ("resta 0 código"), as Intl.PluralRules('pt') does.
  'notice.recoveryCodeUsed.left': {
    one: 'Resta {count} código de recuperação.',
    other: 'Restam {count} códigos de recuperação.',
  },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    'Se foi você, configure seu app autenticador de novo para receber novos códigos de recuperação.',
  'notice.recoveryCodeUsed.sms': 'um código de recuperação foi usado para entrar (restam {count})',

  'notice.passwordLocked.subject': 'O acesso com senha à sua conta no {project} está bloqueado',
  'notice.passwordLocked.happened': {
    one: 'Sua senha do {project} não pode mais ser usada para entrar: ela foi digitada errado {count} vez.',
    other:
      'Sua senha do {project} não pode mais ser usada para entrar: ela foi digitada errado {count} vezes seguidas.',
  },
  'notice.passwordLocked.ifYou':
    'Para entrar com senha de novo, redefina-a com "Esqueceu a senha?" na página de acesso do {project}.',
  'notice.passwordLocked.ifNotYou':
    'Se essas tentativas não foram suas, alguém está tentando adivinhar sua senha. Redefina-a mesmo assim e escolha uma que você não use em nenhum outro lugar. Se não conseguir entrar, fale com o suporte do {project}.',
  'notice.passwordLocked.sms': {
    one: 'o acesso com senha foi bloqueado após {count} tentativa malsucedida',
    other: 'o acesso com senha foi bloqueado após {count} tentativas malsucedidas seguidas',
  },
  'notice.passwordLocked.smsAdvice': 'Redefina sua senha para voltar a usá-la.',

  'notice.totpLocked.subject': 'Os códigos do autenticador estão bloqueados na sua conta no {project}',
  'notice.totpLocked.happened': {
    one: 'Os códigos do seu app autenticador não podem mais ser usados para entrar na sua conta no {project}: {count} código errado foi digitado.',
    other:
      'Os códigos do seu app autenticador não podem mais ser usados para entrar na sua conta no {project}: {count} códigos errados foram digitados seguidos.',
  },
  'notice.totpLocked.ifYou':
    'Para entrar, use um dos seus códigos de recuperação e depois configure seu app autenticador de novo.',
  'notice.totpLocked.ifNotYou':
    'Se essas tentativas não foram suas, alguém passou da sua primeira etapa de acesso: redefina sua senha e revise suas sessões depois de entrar com um código de recuperação. Se não conseguir entrar, fale com o suporte do {project}.',
  'notice.totpLocked.sms': {
    one: 'os códigos do autenticador foram bloqueados após {count} tentativa malsucedida',
    other: 'os códigos do autenticador foram bloqueados após {count} tentativas malsucedidas seguidas',
  },
  'notice.totpLocked.smsAdvice': 'Entre com um código de recuperação.',
};
