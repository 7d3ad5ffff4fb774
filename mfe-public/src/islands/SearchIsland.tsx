// Exposed as './SearchIsland': the landing's search box with suggestions, taken over on its own on the server's page.
export { HeroSearch as default } from '../features/landing/components/HeroSearch';
