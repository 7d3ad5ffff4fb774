// Exposed as './StoriesIsland': the landing's stories carousel, taken over on its own on the server's page.
export { Stories as default } from '../features/landing/components/Stories';
