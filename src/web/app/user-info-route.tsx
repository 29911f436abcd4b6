import { UserInfoPage } from '../features/auth/components/UserInfoPage';
import { LanguageChoice } from '../features/settings/components/LanguageChoice';

/** /userInfo: the account page, with the language choice (a feature does not import another). */
export function UserInfoRoute() {
  return <UserInfoPage languageChoice={<LanguageChoice />} />;
}
