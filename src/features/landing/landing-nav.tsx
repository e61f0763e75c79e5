import { useNavigate } from 'react-router-dom';
import { LogoMark } from './icons';
import { SECTION_LINKS, scrollToSection } from './section-links';
import { useAppAuth } from '../../app/auth/app-auth';

/** Login and Get Started both go to the hosted sign-in and come back to the workbench. */
export function useLogin(): () => void {
  const { loginWithRedirect } = useAppAuth();
  return () => {
    loginWithRedirect({ appState: { returnTo: '/home' } }).catch((error: unknown) => {
      console.error('Sign-in could not start', error);
    });
  };
}

export function LandingNav({ onLogout }: { onLogout: () => void }) {
  const { isAuthenticated } = useAppAuth();
  const navigate = useNavigate();
  const login = useLogin();

  return (
    <header className="lp-header">
      <div className="lp-container lp-header-inner">
        <a className="lp-brand" href="#top" onClick={(event) => scrollToSection(event, 'top')}>
          <LogoMark size={30} />
          <span>Tagbase</span>
        </a>
        <nav className="lp-nav" aria-label="Sections">
          <ul>
            {SECTION_LINKS.map(({ id, label }) => (
              <li key={id}>
                <a href={`#${id}`} onClick={(event) => scrollToSection(event, id)}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="lp-auth">
          {isAuthenticated ? (
            <>
              <button type="button" className="lp-btn lp-btn-primary" onClick={() => void navigate('/home/dashboard')}>
                Dashboard
              </button>
              <button type="button" className="lp-btn lp-btn-ghost" onClick={onLogout}>
                Logout
              </button>
            </>
          ) : (
            <>
              <button type="button" className="lp-btn lp-btn-ghost" onClick={login}>
                Login
              </button>
              <button type="button" className="lp-btn lp-btn-accent" onClick={login}>
                Get Started
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
