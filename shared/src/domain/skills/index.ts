export { SkillChips, type SkillChipsProps } from './SkillChips';
export { TagInput, type TagInputProps } from './TagInput';
