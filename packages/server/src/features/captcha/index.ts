export { CaptchaChallengeBody, registerCaptchaRoutes } from './routes';
