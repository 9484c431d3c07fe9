import { Navigate, useLocation } from 'react-router';
import { ADMIN_LOGIN_PATH } from '../routes';

/** DESIGN §9.7: /login is the admin login. The server answers 302; this covers in-app links. */
export function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${ADMIN_LOGIN_PATH}${search}`} replace />;
}
