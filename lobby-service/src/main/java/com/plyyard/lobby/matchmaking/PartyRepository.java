package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.List;
import java.util.UUID;

/** Parties and their members. Call inside a unit of work. */
@ApplicationScoped
public class PartyRepository implements PanacheRepositoryBase<PartyEntity, UUID> {
    PartyEntity lock(UUID id) {
        return getEntityManager().find(PartyEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Whether the party exists (a plain pre-read: the lock taken afterwards reads the row fresh, see Locking). */
    boolean exists(UUID id) {
        return getEntityManager().createQuery("select count(p) from PartyEntity p where p.id = :id", Long.class)
            .setParameter("id", id).getSingleResult() > 0;
    }

    /** Joined members and invitees, in invitation order. */
    List<PartyMemberEntity> members(UUID partyId) {
        return getEntityManager().createQuery("select m from PartyMemberEntity m where m.partyId = :id order by m.idx",
            PartyMemberEntity.class).setParameter("id", partyId).getResultList();
    }

    /** The ids of the joined members and invitees, in invitation order (a plain pre-read, see Locking). */
    List<UUID> memberIds(UUID partyId) {
        return getEntityManager().createQuery("select m.playerId from PartyMemberEntity m where m.partyId = :id order by m.idx",
            UUID.class).setParameter("id", partyId).getResultList();
    }

    /** The player's membership or invitation, or null. */
    PartyMemberEntity member(UUID partyId, UUID playerId) {
        return getEntityManager().find(PartyMemberEntity.class, new PartyMemberEntity.Key(partyId, playerId));
    }

    /** Whether the player is a joined member of an open party. */
    boolean inOpenParty(UUID player) {
        return getEntityManager().createQuery("select count(m) from PartyMemberEntity m, PartyEntity p where p.id = m.partyId "
                + "and m.playerId = :player and m.joined = true and p.status = :open", Long.class)
            .setParameter("player", player).setParameter("open", PartyEntity.OPEN).getSingleResult() > 0;
    }

    /** The open parties the player leads, joined or is invited to, oldest first. */
    List<UUID> openPartiesOf(UUID player) {
        return getEntityManager().createQuery("select p.id from PartyMemberEntity m, PartyEntity p where p.id = m.partyId "
                + "and m.playerId = :player and p.status = :open order by p.createdAt", UUID.class)
            .setParameter("player", player).setParameter("open", PartyEntity.OPEN).getResultList();
    }

    void persistMember(PartyMemberEntity member) {
        getEntityManager().persist(member);
    }

    void deleteMember(PartyMemberEntity member) {
        getEntityManager().remove(member);
    }
}
