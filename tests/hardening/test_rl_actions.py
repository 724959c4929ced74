"""Round 2, finding 13: RL actions and seeds. ``step(10**5000)`` raised ``ValueError``
(quoting the integer); numpy arrays of the wrong shape or kind raised ``TypeError``, where
the documented error is ``ActionError``; ``reset(seed=np.int64(3))`` raised ``TypeError``;
``reset(seed=-42)`` played the episode of ``seed=42``. Now every value that is not an
action is an ``ActionError``, a numpy integer seed is a seed, and a negative seed is an
``EnvError``, as Gymnasium's own seeding refuses one, in both environments."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from uno_rules.env import ActionError, EnvError, UnoEnv, UnoGymEnv  # noqa: E402

NOT_ACTIONS: list[Any] = [
    10**5000,
    -(10**5000),
    np.array([5]),
    np.array(5.0),
    np.array([]),
    np.array([[1, 2]]),
    np.float32(3),
    2.0,
    True,
    "5",
    None,
]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=lambda a: type(a).__name__)
@pytest.mark.parametrize("illegal_action", ["lose", "raise"])
def test_a_value_that_is_not_an_action_is_an_action_error(action: Any, illegal_action: str) -> None:
    env = UnoGymEnv(illegal_action=illegal_action)
    env.reset(seed=1)
    with pytest.raises(ActionError) as info:
        env.step(action)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("action", NOT_ACTIONS[:-1], ids=lambda a: type(a).__name__)
def test_the_aec_table_refuses_them_the_same_way(action: Any) -> None:
    table = UnoEnv()
    table.reset(seed=1)
    with pytest.raises(ActionError):
        table.step(action)


def test_an_integer_array_of_no_dimensions_is_an_action() -> None:
    a, b = UnoGymEnv(), UnoGymEnv()
    a.reset(seed=4)
    b.reset(seed=4)
    action = int(np.flatnonzero(a._observation()[1]["action_mask"])[0])
    assert (a.step(np.array(action))[0] == b.step(action)[0]).all()


def test_a_numpy_integer_seed_is_a_seed() -> None:
    assert (UnoGymEnv().reset(seed=np.int64(3))[0] == UnoGymEnv().reset(seed=3)[0]).all()
    one, two = UnoEnv(), UnoEnv()
    one.reset(seed=np.int64(3))
    two.reset(seed=3)
    seen = one.observe("player_0")["observation"]
    assert (seen == two.observe("player_0")["observation"]).all()


@pytest.mark.parametrize("seed", [-42, -1, 1.5, "3", True])
def test_a_seed_that_is_not_a_non_negative_integer_is_refused(seed: Any) -> None:
    with pytest.raises(EnvError):
        UnoGymEnv().reset(seed=seed)
    with pytest.raises(EnvError):
        UnoEnv().reset(seed=seed)
