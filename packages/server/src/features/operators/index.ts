// Issue 26 item 2: the console's operators — users of the reserved operators project, with a role. The CLI
// (`npm run console`, ./cli.ts) is exported by the package's index, as the import CLI is (it builds the app).

export { CONSOLE_OWNER_ACTOR_ID, ensureConsoleOwner } from './console-owner';
export type {
  HeldCredential,
  OperatorSession,
  SecondFactorKind,
  SecondFactorState,
} from './operator-auth';
export {
  assertRecentOperatorSignIn,
  authenticateOperatorSession,
  OPERATOR_RECENT_SIGN_IN_MINUTES,
  recentSignInUntil,
  secondFactorOf,
} from './operator-auth';
export { registerOperatorRoutes } from './operator-routes';
export type { Operator, OperatorChangeBy } from './operator-store';
export {
  changeOperatorRole,
  findOperator,
  listOperators,
  putOperator,
  removeOperator,
} from './operator-store';
export {
  CONSOLE_AUTHENTICATE_PATH,
  CONSOLE_PATH,
  ensureOperatorsProject,
  findOperatorsProject,
  OPERATORS_PRODUCTS,
  OPERATORS_PROJECT_ID,
  OPERATORS_PROJECT_NAME,
  operatorsProjectOrigins,
  operatorsProjectRedirectUrls,
} from './operators-project';
