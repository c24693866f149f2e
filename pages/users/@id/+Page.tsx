// https://vike.dev/Page — /users/{id}: a host's public page (name, avatar, introduction, published experiences).
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { Avatar } from '#src/components/Avatar';
import { ExperienceGrid } from '#src/components/ExperienceCard';
import { heartsOf } from '#src/components/FavoriteHeart';
import type { Data } from './+data';
import './profile.css';

export default function Page() {
  const { profile, favoriteIds } = useData<Data>();
  return (
    <section className="page profile">
      <header className="profile__card panel">
        <Avatar url={profile.avatar_url} name={profile.name} size={96} />
        <div className="profile__text">
          <span className="badge profile__badge">{ja.browse.hostLabel}</span>
          <h1 className="profile__name">{profile.name}</h1>
          {profile.introduction ? (
            <p className="profile__intro">{profile.introduction}</p>
          ) : (
            <p className="muted">{ja.browse.profileNoIntroduction}</p>
          )}
        </div>
      </header>
      <section className="profile__stories" aria-labelledby="profile-stories">
        <div className="profile__stories-head">
          <h2 id="profile-stories">{ja.browse.profileExperiences(profile.name)}</h2>
          <span className="muted">{ja.browse.count(profile.experiences.length)}</span>
        </div>
        <ExperienceGrid experiences={profile.experiences} eagerCount={4} heart={heartsOf(favoriteIds)} />
      </section>
    </section>
  );
}
