from django.db import migrations, models
from django.db.models import Count


def count_seats(apps, schema_editor):
    """Games started before the field: their seats are their players."""
    Game = apps.get_model("scorekeeper", "Game")
    for game in Game.objects.annotate(players_count=Count("players")).iterator():
        Game.objects.filter(pk=game.pk).update(seats=game.players_count)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0003_game_management")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="seats",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunPython(count_seats, migrations.RunPython.noop),
    ]
