// The profile area: one form and one photo picker for both modes. Its own entry,
// '@referio/shared/profile' (a federated module of its own, like the contract): the form brings
// react-hook-form and zod, which pages without a profile (the landing page first) must not load.
// Everything inside imports the singletons through '@referio/shared', never by a relative path, so
// this entry holds no second session store or API client.
export { ProfileForm, type ProfileFormProps } from './ProfileForm';
export { IMAGE_ONLY, ProfilePhoto, type ProfilePhotoProps } from './ProfilePhoto';
export {
  digitsOnly,
  profileSchema,
  toFormValues,
  toUpdatedData,
  type ProfileInput,
  type ProfileValues,
} from './profileSchema';
export { useProfileSession } from './useProfileSession';
