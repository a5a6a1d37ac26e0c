export { registerUserRoutes } from './routes';
export type { FindOrCreateUserByEmailOptions, FoundUser, UpdateUserOptions } from './user-service';
export {
  activateUser,
  deleteUserResource,
  findOrCreateUserByEmail,
  loadUser,
  markEmailVerified,
  normalizeEmail,
  updateUser,
} from './user-service';
