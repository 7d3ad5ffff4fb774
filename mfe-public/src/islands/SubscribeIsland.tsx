// Exposed as './SubscribeIsland': the landing's subscribe box, taken over on its own on the server's page.
export { SubscribeBox as default } from '../features/landing/components/Subscribe';
