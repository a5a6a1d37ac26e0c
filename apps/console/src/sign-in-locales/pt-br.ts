// Issue 27 item 1: the console's sign-in in Brazilian Portuguese (sign-in-strings.ts says why only the sign-in).
// Translator's notes: "você", as in the web app; "Entrar" for sign in; "link de acesso" for login link.
import type { SignInStrings } from '../sign-in-strings';

export const strings: SignInStrings = {
  productName: 'Console do Gatehouse',
  documentTitle: (page: string) => `${page} · Console do Gatehouse`,
  signIn: {
    title: 'Entrar',
    heading: 'Entrar no console',
    intro: 'Os operadores entram com sua conta de operador do Gatehouse.',
  },
  authenticate: {
    title: 'Entrando',
    heading: 'Entrando',
    working: 'Verificando seu link de acesso…',
    failedHeading: 'Esse link de acesso não funcionou',
    backToSignIn: 'Voltar ao login',
  },
  theme: {
    label: 'Tema',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Escuro',
  },
  // Translator's note: "segundo fator"; the code form follows the web app's wording ("códigos de recuperação",
  // "app autenticador").
  secondFactor: {
    title: 'Configure um segundo fator',
    heading: 'Configure um segundo fator para continuar',
    body: 'O console pede um segundo fator a cada operador: uma chave de acesso (seu dispositivo, uma chave de segurança ou um gerenciador de senhas) ou um app autenticador. Configure um e continue.',
    continue: 'Continuar para o console',
    checking: 'Verificando…',
    stillRequired:
      'O servidor ainda pede um segundo fator. Adicione uma chave de acesso ou configure um app autenticador acima e continue.',
    signOut: 'Sair',
  },
  confirmFactor: {
    title: 'Confirme que é você',
    heading: 'Confirme que é você',
    body: 'Você entrou com um link de acesso. O console também pede a chave de acesso que você configurou para ele.',
    bodyApp:
      'Você entrou com um link de acesso. O console também pede um código do app autenticador que você configurou para ele.',
    bodyBoth:
      'Você entrou com um link de acesso. O console também pede sua chave de acesso ou um código do seu app autenticador.',
    usePasskey: 'Usar minha chave de acesso',
    working: 'Aguardando sua chave de acesso…',
    failed: 'Sua chave de acesso não foi aceita. Tente novamente, ou saia e entre com a chave de acesso.',
    stillRequired: 'O servidor ainda pede seu segundo fator. Use-o acima.',
  },
  totp: {
    choiceHeading: 'Ou use um app autenticador',
    choiceBody:
      'Um app no seu celular ou computador que mostra um novo código de 6 dígitos a cada 30 segundos (1Password, Google Authenticator, Microsoft Authenticator, Authy…).',
    setUp: 'Configurar um app autenticador',
    heading: 'Configurar um app autenticador',
    starting: 'Preparando seu app autenticador…',
    startFailed: 'Não foi possível preparar o app autenticador.',
    tryAgain: 'Tentar novamente',
    usePasskeyInstead: 'Usar uma chave de acesso',
    scanStep: '1. Leia este QR code com o app.',
    qrAlt: 'QR code para adicionar o console do Gatehouse ao seu app autenticador',
    secretLabel: 'Ou digite esta chave no app:',
    copySecret: 'Copiar a chave',
    secretCopied: 'Chave copiada.',
    codesStep: '2. Guarde seus códigos de recuperação.',
    codesHeading: 'Códigos de recuperação',
    codesHint:
      'Cada código permite entrar uma vez se você perder o app. Eles só aparecem agora: guarde-os em um gerenciador de senhas ou em um lugar seguro.',
    copyCodes: 'Copiar os códigos',
    downloadCodes: 'Baixar os códigos',
    codesCopied: 'Códigos copiados.',
    copyFailed: 'Não foi possível copiar aqui. Selecione o texto e copie, ou baixe o arquivo.',
    codesFileName: 'gatehouse-console-codigos-de-recuperacao.txt',
    savedCodes: 'Guardei meus códigos de recuperação',
    confirmStep: '3. Digite o código que o app mostra.',
    codeLabel: 'Código de 6 dígitos do app',
    savedFirst: 'Marque “Guardei meus códigos de recuperação” primeiro.',
    confirm: 'Confirmar e continuar',
    enterCode: 'Digite um código do seu app autenticador',
    or: 'ou',
    submitCode: 'Confirmar o código',
    checkingCode: 'Verificando o código…',
    wrongCode:
      'Esse código não está certo. Digite o código mais recente que o app mostra para o console do Gatehouse (os códigos mudam a cada 30 segundos).',
    tooMany: 'Tentativas demais. Aguarde alguns minutos e tente novamente com um novo código.',
    codeFailed: 'Não foi possível verificar o código.',
    confirmed: 'Confirmado.',
    useRecoveryCode: 'Perdeu o app? Use um código de recuperação',
    useAppCode: 'Usar um código do app',
    recoveryLabel: 'Código de recuperação',
    submitRecovery: 'Usar o código de recuperação',
    wrongRecovery: 'Esse código de recuperação não está certo ou já foi usado.',
  },
};
